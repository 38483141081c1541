import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateTaskResultSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { type FileBackedServer, readRow, useFileBackedServer } from '../helpers/file-backed-server';
import { useReleases } from '../helpers/releases';

jest.setTimeout(90_000);

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON results
type Json = any;

/** No approval globs: only DeactivateProduct (`approval: true`) is gated. */
const CONFIG = { auth: { required: false } };
const ADMIN_KEY = 'operator-key-for-unapprovable-e2e';

/** Restock, reprice, then deactivate (gated): straight-line, so the gated command is certain to be called. */
function partialChange(productId: number): string {
  return `
    await myko.command('RestockProduct', { productId: ${productId}, warehouseCode: 'BER', quantity: 2 });
    await myko.command('UpdateProductPrice', { productId: ${productId}, unitPriceCents: 4321 });
    await myko.command('DeactivateProduct', { productId: ${productId} });
    return 'done';`;
}

/** No admin key: this deployment has no operator door. */
const closed = useFileBackedServer({ prefix: 'myko-unapprovable-', config: CONFIG });
/** The same service with the admin API mounted. */
const operated = useFileBackedServer({
  prefix: 'myko-unapprovable-admin-',
  config: CONFIG,
  env: { MYKO_ADMIN_KEY: ADMIN_KEY },
});
const opened = useReleases();

/** The product's row and its BER restock movements: what the script would change. */
function state(served: FileBackedServer, id: number): Json {
  const row = readRow<Json>(served.databasePath, 'SELECT active, unit_price_cents FROM products WHERE id = ?', id);
  const restocks = readRow<{ n: number }>(
    served.databasePath,
    "SELECT COUNT(*) AS n FROM stock_movements m JOIN warehouses w ON w.id = m.warehouse_id WHERE m.product_id = ? AND w.code = 'BER' AND m.reason = 'restock'",
    id,
  ).n;
  return { ...row, restocks };
}

/** An SDK 1.x client over HTTP; with `elicitation`, its user grants every approval it is asked. */
async function connect(served: FileBackedServer, elicitation = false): Promise<{ client: Client; asked: string[] }> {
  const asked: string[] = [];
  const capabilities = elicitation ? { elicitation: {} } : {};
  const client = opened(new Client({ name: 'unapprovable-e2e', version: '1.0.0' }, { capabilities }), (c) => c.close());
  if (elicitation) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      return { action: 'accept', content: { approve: true } };
    });
  }
  await client.connect(new StreamableHTTPClientTransport(served.server.httpUrl));
  return { client, asked };
}

it('no elicitation, no task, no admin API: refused before the first command, naming it; nothing changed', async () => {
  const { client } = await connect(closed);
  const before = state(closed, 1);
  const refused = client.callTool({ name: 'execute', arguments: { code: partialChange(1) } });
  await expect(refused).rejects.toMatchObject({
    code: -32011,
    message: expect.stringContaining('command_DeactivateProduct needs approval'),
    data: { reason: 'approval-unreachable', commands: ['command_DeactivateProduct'] },
  });
  await expect(refused).rejects.toThrow(/elicitation[\s\S]*task-augmented[\s\S]*admin API/);
  expect(state(closed, 1)).toEqual(before);
});

it('a gated command only in a branch is not refused: the run goes on and pauses before it, as before', async () => {
  const { client } = await connect(closed);
  const before = state(closed, 2);
  const code = `
    await myko.command('RestockProduct', { productId: 2, warehouseCode: 'BER', quantity: 2 });
    const [warehouse] = await myko.query('ListWarehouses');
    if (warehouse) await myko.command('DeactivateProduct', { productId: 2 });
    return 'done';`;
  const result: Json = await client.callTool({ name: 'execute', arguments: { code } });
  expect(result.structuredContent.execution).toMatchObject({ state: 'paused' });
  expect(state(closed, 2)).toEqual({ ...before, restocks: before.restocks + 1 });
});

it('the same script with the admin API configured pauses before the gated command, as today', async () => {
  const { client } = await connect(operated);
  const before = state(operated, 3);
  const result: Json = await client.callTool({ name: 'execute', arguments: { code: partialChange(3) } });
  expect(result.isError).toBeFalsy();
  expect(result.structuredContent.execution).toMatchObject({
    id: expect.stringMatching(/^ex_/),
    state: 'paused',
    waitingFor: { operation: 'command_DeactivateProduct' },
  });
  expect(state(operated, 3)).toEqual({ active: 1, unit_price_cents: 4321, restocks: before.restocks + 1 });
});

it('a client with elicitation is asked inline, as today, and the script completes', async () => {
  const { client, asked } = await connect(closed, true);
  const before = state(closed, 4);
  const result: Json = await client.callTool({ name: 'execute', arguments: { code: partialChange(4) } });
  expect(result.content[0].text).toBe('"done"');
  expect(asked).toEqual([expect.stringContaining('Approve command DeactivateProduct')]);
  expect(state(closed, 4)).toEqual({ active: 0, unit_price_cents: 4321, restocks: before.restocks + 1 });
});

it('a task-augmented call is not refused: its run pauses before the gated command (input_required)', async () => {
  const { client } = await connect(closed);
  const before = state(closed, 5);
  const created = await client.request(
    { method: 'tools/call', params: { name: 'execute', arguments: { code: partialChange(5) }, task: { ttl: 60_000 } } },
    CreateTaskResultSchema,
  );
  const until = Date.now() + 30_000;
  let task: Json = created.task;
  while (task.status === 'working' && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    task = await client.experimental.tasks.getTask(created.task.taskId);
  }
  expect(task.status).toBe('input_required');
  expect(state(closed, 5)).toEqual({ active: 1, unit_price_cents: 4321, restocks: before.restocks + 1 });
});

it('plan mode is not refused: it marks the gated command unreachable where no door is open, and runs nothing', async () => {
  const plan = async (served: FileBackedServer): Promise<Json> => {
    const { client } = await connect(served);
    const result: Json = await client.callTool({
      name: 'execute',
      arguments: { code: partialChange(6), mode: 'plan' },
    });
    return result.structuredContent.plan;
  };
  const before = state(closed, 6);
  expect(await plan(closed)).toEqual([
    expect.not.objectContaining({ approval: expect.anything() }),
    expect.not.objectContaining({ approval: expect.anything() }),
    { command: 'DeactivateProduct', args: { productId: 6 }, approval: 'unreachable' },
  ]);
  expect(state(closed, 6)).toEqual(before);
  expect((await plan(operated)).map((entry: Json) => entry.approval)).toEqual([undefined, undefined, undefined]);
});
