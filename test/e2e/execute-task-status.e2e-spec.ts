import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateTaskResultSchema,
  type TaskStatusNotification,
  TaskStatusNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { useFileBackedServer } from '../helpers/file-backed-server';
import { useReleases } from '../helpers/releases';

jest.setTimeout(90_000);

const ADMIN_KEY = 'operator-key-for-task-status-e2e';
const served = useFileBackedServer({
  prefix: 'myko-task-status-',
  config: { auth: { required: false }, typeCheck: 'off' },
  env: { MYKO_ADMIN_KEY: ADMIN_KEY },
});
const opened = useReleases();

/** An SDK 1.x client over HTTP (no elicitation: a gated command pauses the run), keeping the task statuses it is told. */
async function connect(): Promise<{ client: Client; told: TaskStatusNotification['params'][] }> {
  const client = opened(new Client({ name: 'task-status-e2e', version: '1.0.0' }, { capabilities: {} }), (c) =>
    c.close(),
  );
  const told: TaskStatusNotification['params'][] = [];
  client.setNotificationHandler(TaskStatusNotificationSchema, (notification) => {
    told.push(notification.params);
  });
  await client.connect(new StreamableHTTPClientTransport(served.server.httpUrl));
  return { client, told };
}

async function startTask(client: Client, code: string): Promise<string> {
  const params = { name: 'execute', arguments: { code, timeoutMs: 30_000 }, task: { ttl: 60_000 } };
  return (await client.request({ method: 'tools/call', params }, CreateTaskResultSchema)).task.taskId;
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

async function decide(id: string, verdict: 'approve' | 'reject'): Promise<number> {
  const res = await fetch(new URL(`/admin/executions/${id}/${verdict}`, served.server.httpUrl), {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_KEY}` },
  });
  return res.status;
}

const GATED = (productId: number) => `
  await myko.command('DeactivateProduct', { productId: ${productId} });
  return 'deactivated';`;

it('the creating session is told input_required, then completed once the operator approves, with the task fields', async () => {
  const { client, told } = await connect();
  const taskId = await startTask(client, GATED(11));
  await until(() => told.some((t) => t.status === 'input_required'));
  expect(await decide(taskId, 'approve')).toBe(200);
  await until(() => told.some((t) => t.status === 'completed'));
  // The operator's approval settles the task from its resumed run: no `working` in between (unlike tasks/update).
  expect(told.map((t) => t.status)).toEqual(['input_required', 'completed']);
  for (const t of told) {
    expect(t).toMatchObject({ taskId, ttl: 60_000, pollInterval: expect.any(Number) });
    expect(Date.parse(t.createdAt)).not.toBeNaN();
    expect(Date.parse(t.lastUpdatedAt as string)).not.toBeNaN();
  }
  // The same status as tasks/get answers.
  expect((await client.experimental.tasks.getTask(taskId)).status).toBe('completed');
});

it('a rejected pause is told as failed; a cancelled task as cancelled; another session is told nothing', async () => {
  const { client, told } = await connect();
  const other = await connect();
  const rejected = await startTask(client, GATED(12));
  await until(() => told.some((t) => t.taskId === rejected && t.status === 'input_required'));
  expect(await decide(rejected, 'reject')).toBe(200);
  await until(() => told.some((t) => t.taskId === rejected && t.status === 'failed'));
  const long = await startTask(client, 'const end = Date.now() + 2000; while (Date.now() < end) {} return 1;');
  await client.experimental.tasks.cancelTask(long);
  await until(() => told.some((t) => t.taskId === long && t.status === 'cancelled'));
  expect(told.filter((t) => t.taskId === rejected).map((t) => t.status)).toEqual(['input_required', 'failed']);
  expect(told.filter((t) => t.taskId === long).map((t) => t.status)).toEqual(['cancelled']);
  expect(other.told).toEqual([]);
});
