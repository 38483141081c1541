import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { readRow } from '../helpers/file-backed-server';
import { useReleases } from '../helpers/releases';
import { useScaleOutInstances } from '../helpers/scale-out.instances';
import type { ServeProcess } from '../helpers/serve-process';

jest.setTimeout(120_000);

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON results
type Json = any;

const cluster = useScaleOutInstances({ prefix: 'myko-tasks-redis-' });
const opened = useReleases();

const price = (productId: number): number =>
  readRow<{ n: number }>(cluster.databasePath, 'SELECT unit_price_cents AS n FROM products WHERE id = ?', productId).n;

/** An SDK 1.x client of one instance (a session there; the same caller on both). */
async function clientOf(instance: ServeProcess): Promise<Client> {
  const client = opened(new Client({ name: 'tasks-redis-e2e', version: '1.0.0' }, { capabilities: {} }), (c) =>
    c.close(),
  );
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', instance.origin)));
  return client;
}

async function startTask(client: Client, code: string): Promise<string> {
  const params = { name: 'execute', arguments: { code, timeoutMs: 30_000 }, task: { ttl: 60_000 } };
  const { task } = await client.request({ method: 'tools/call', params }, CreateTaskResultSchema);
  return task.taskId;
}

it('a task started on one instance is followed, and its result taken, on the other', async () => {
  const [a, b] = cluster.instances;
  const taskId = await startTask(
    await clientOf(a),
    "const end = Date.now() + 1000; while (Date.now() < end) {} return 'from a';",
  );
  const other = await clientOf(b);
  expect((await other.experimental.tasks.getTask(taskId)).status).toBe('working');
  const result: Json = await other.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
  expect(result.content[0].text).toContain('from a');
  expect(result._meta['io.modelcontextprotocol/related-task']).toEqual({ taskId });
  expect((await other.experimental.tasks.getTask(taskId)).status).toBe('completed');
  const { tasks } = await other.experimental.tasks.listTasks();
  expect(tasks.map((task: Json) => task.taskId)).toContain(taskId);
});

it('cancelled on the other instance, the run stops on the one that runs it', async () => {
  const [a, b] = cluster.instances;
  const before = price(5);
  const code = `const end = Date.now() + 2500; while (Date.now() < end) {}
    await myko.command('UpdateProductPrice', { productId: 5, unitPriceCents: ${before + 1} });
    return 'late';`;
  const taskId = await startTask(await clientOf(a), code);
  const other = await clientOf(b);
  expect(await other.experimental.tasks.cancelTask(taskId)).toMatchObject({ taskId, status: 'cancelled' });
  await new Promise((resolve) => setTimeout(resolve, 4_000));
  expect(price(5)).toBe(before);
  expect((await other.experimental.tasks.getTask(taskId)).status).toBe('cancelled');
});
