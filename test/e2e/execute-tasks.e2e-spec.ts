import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { generateApiKey, hashApiKey } from '@myko/access';
import { readRow, useFileBackedServer } from '../helpers/file-backed-server';
import { useReleases } from '../helpers/releases';

jest.setTimeout(90_000);

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON results
type Json = any;

const ADMIN_KEY = 'operator-key-for-execute-tasks-e2e';
const KEY = generateApiKey();
const OTHER_KEY = generateApiKey();
/** `sandbox.taskMaxTtlMs`: a longer ttl asked is cut to it. */
const MAX_TTL = 600_000;
const TERMINAL = ['completed', 'failed', 'cancelled'];

const served = useFileBackedServer({
  prefix: 'myko-execute-tasks-',
  config: {
    auth: { required: true },
    profiles: { agent: { keys: [hashApiKey(KEY)] }, other: { keys: [hashApiKey(OTHER_KEY)] } },
    typeCheck: 'off',
    sandbox: { taskMaxTtlMs: MAX_TTL },
  },
  env: { MYKO_ADMIN_KEY: ADMIN_KEY },
});
const opened = useReleases();

const product = (id: number): Json =>
  readRow(served.databasePath, 'SELECT active, unit_price_cents FROM products WHERE id = ?', id);

/** An SDK 1.x client over HTTP with `key`, declaring no elicitation (a gated command pauses its run). */
async function connect(key = KEY): Promise<Client> {
  const client = opened(new Client({ name: 'tasks-e2e', version: '1.0.0' }, { capabilities: {} }), (c) => c.close());
  const headers = { Authorization: `Bearer ${key}` };
  await client.connect(new StreamableHTTPClientTransport(served.server.httpUrl, { requestInit: { headers } }));
  return client;
}

/** `execute` as a task: the CreateTaskResult's task, answered before the script ends. */
async function startTask(client: Client, code: string, ttl = 60_000): Promise<Json> {
  const args = { code, timeoutMs: 30_000 };
  const created = await client.request(
    { method: 'tools/call', params: { name: 'execute', arguments: args, task: { ttl } } },
    CreateTaskResultSchema,
  );
  return created.task;
}

async function pollUntil(client: Client, taskId: string, done: (task: Json) => boolean): Promise<Json> {
  const until = Date.now() + 30_000;
  for (;;) {
    const task = await client.experimental.tasks.getTask(taskId);
    if (done(task) || Date.now() > until) return task;
    await new Promise((resolve) => setTimeout(resolve, task.pollInterval ?? 200));
  }
}

async function approve(id: string): Promise<number> {
  const res = await fetch(new URL(`/admin/executions/${id}/approve`, served.server.httpUrl), {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_KEY}`, 'X-Myko-Operator': 'alice' },
  });
  await res.body?.cancel();
  return res.status;
}

describe('execute as an MCP task, 2025-11-25 (SDK 1.x client over HTTP)', () => {
  it('declares the tasks capability and execute as task-optional', async () => {
    const client = await connect();
    expect(client.getServerCapabilities()?.tasks).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === 'execute')?.execution).toEqual({ taskSupport: 'optional' });
  });

  it('answers a handle at once; tasks/get polls to completed; tasks/result is the script result, tied to its task', async () => {
    const client = await connect();
    const started = Date.now();
    const task = await startTask(
      client,
      'const end = Date.now() + 3000; while (Date.now() < end) {} return 6 * 7;',
      45_000,
    );
    // Before the script could have ended: the handle did not wait for the run.
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(task).toMatchObject({ status: 'working', ttl: 45_000, pollInterval: expect.any(Number) });
    expect(task.taskId).toMatch(/^ex_/);
    expect(new Date(task.createdAt).toISOString()).toBe(task.createdAt);
    const done = await pollUntil(client, task.taskId, (t) => TERMINAL.includes(t.status));
    expect(done).toMatchObject({ taskId: task.taskId, status: 'completed', ttl: 45_000 });
    expect(Date.parse(done.lastUpdatedAt)).toBeGreaterThanOrEqual(Date.parse(done.createdAt));
    const result: Json = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(result.content[0].text).toContain('42');
    expect(result.isError).toBeFalsy();
    expect(result._meta['io.modelcontextprotocol/related-task']).toEqual({ taskId: task.taskId });
    const { tasks } = await client.experimental.tasks.listTasks();
    expect(tasks.map((t: Json) => t.taskId)).toContain(task.taskId);
  });

  it('tasks/result waits for a running task; a failing script ends failed with its error result', async () => {
    const client = await connect();
    const task = await startTask(
      client,
      "const end = Date.now() + 800; while (Date.now() < end) {} throw new Error('boom');",
    );
    const result: Json = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('boom');
    const after = await client.experimental.tasks.getTask(task.taskId);
    expect(after.status).toBe('failed');
    expect(after.statusMessage).toContain('boom');
  });

  it('a run paused for an approval is input_required; approved by the operator, the task completes', async () => {
    const client = await connect();
    const code = `
      await myko.command('UpdateProductPrice', { productId: 7, unitPriceCents: 1234 });
      await myko.command('DeactivateProduct', { productId: 7 });
      return 'deactivated';`;
    const task = await startTask(client, code);
    const paused = await pollUntil(client, task.taskId, (t) => t.status !== 'working');
    expect(paused.status).toBe('input_required');
    expect(paused.statusMessage).toContain('command_DeactivateProduct');
    expect(product(7)).toMatchObject({ active: 1, unit_price_cents: 1234 });
    // The task's id is its execution's: the operator approves it by that id.
    expect(await approve(task.taskId)).toBe(200);
    const done = await pollUntil(client, task.taskId, (t) => TERMINAL.includes(t.status));
    expect(done.status).toBe('completed');
    const result: Json = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(result.content[0].text).toContain('deactivated');
    expect(product(7)).toMatchObject({ active: 0 });
  });

  it('cancel ends a long run as cancelled; a terminal task refuses a second cancel (-32602)', async () => {
    const client = await connect();
    const price = product(9).unit_price_cents;
    const code = `const end = Date.now() + 2500; while (Date.now() < end) {}
      await myko.command('UpdateProductPrice', { productId: 9, unitPriceCents: ${price + 1} });
      return 'late';`;
    const task = await startTask(client, code);
    const cancelled = await client.experimental.tasks.cancelTask(task.taskId);
    expect(cancelled).toMatchObject({ taskId: task.taskId, status: 'cancelled' });
    expect((await client.experimental.tasks.getTask(task.taskId)).status).toBe('cancelled');
    await expect(client.experimental.tasks.cancelTask(task.taskId)).rejects.toMatchObject({ code: -32602 });
    // The run was stopped: past the end of its loop, its command never ran.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(product(9).unit_price_cents).toBe(price);
    expect((await client.experimental.tasks.getTask(task.taskId)).status).toBe('cancelled');
  });

  it('a task is its owner’s: another key is told it does not exist, and does not list it', async () => {
    const client = await connect();
    const task = await startTask(client, 'return 1;', 10 * MAX_TTL);
    expect(task.ttl).toBe(MAX_TTL);
    const other = await connect(OTHER_KEY);
    await expect(other.experimental.tasks.getTask(task.taskId)).rejects.toMatchObject({ code: -32602 });
    await expect(other.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema)).rejects.toMatchObject({
      code: -32602,
    });
    await expect(other.experimental.tasks.cancelTask(task.taskId)).rejects.toMatchObject({ code: -32602 });
    const { tasks } = await other.experimental.tasks.listTasks();
    expect(tasks.map((t: Json) => t.taskId)).not.toContain(task.taskId);
    expect((await pollUntil(client, task.taskId, (t) => TERMINAL.includes(t.status))).status).toBe('completed');
  });

  it('refuses a bad task param (-32602) and a task of a tool that does not support tasks (-32601)', async () => {
    const client = await connect();
    const call = (params: Json) => client.request({ method: 'tools/call', params }, CreateTaskResultSchema);
    await expect(call({ name: 'execute', arguments: { code: 'return 1' }, task: { ttl: -5 } })).rejects.toMatchObject({
      code: -32602,
    });
    await expect(call({ name: 'search', arguments: { query: 'orders' }, task: {} })).rejects.toMatchObject({
      code: -32601,
    });
  });
});
