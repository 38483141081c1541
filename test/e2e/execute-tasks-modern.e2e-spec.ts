import { generateApiKey, hashApiKey } from '@myko/access';
import { readRow, useFileBackedServer } from '../helpers/file-backed-server';

jest.setTimeout(90_000);

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON results
type Json = any;

const KEY = generateApiKey();
const OTHER_KEY = generateApiKey();
const EXTENSION = 'io.modelcontextprotocol/tasks';
const TERMINAL = ['completed', 'failed', 'cancelled'];
/** Form elicitation too: a gated command is still paused in a task (nobody is asked inline there). */
const WITH_TASKS = { elicitation: {}, extensions: { [EXTENSION]: {} } };

const served = useFileBackedServer({
  prefix: 'myko-tasks-modern-',
  config: {
    auth: { required: true },
    profiles: { agent: { keys: [hashApiKey(KEY)] }, other: { keys: [hashApiKey(OTHER_KEY)] } },
    typeCheck: 'off',
  },
});
let nextId = 1;

const active = (id: number): number =>
  readRow<{ n: number }>(served.databasePath, 'SELECT active AS n FROM products WHERE id = ?', id).n;

/** One 2026-07-28 request over HTTP (its headers mirror the body), as the client `capabilities` and `key`. */
async function rpc(method: string, params: Json, capabilities: Json = WITH_TASKS, key = KEY): Promise<Json> {
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': capabilities,
  };
  const name = params.name ?? params.taskId;
  const res = await fetch(served.server.httpUrl, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      Authorization: `Bearer ${key}`,
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': method,
      ...(name === undefined ? {} : { 'Mcp-Name': name }),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: { ...params, _meta } }),
  });
  return res.json();
}

const execute = (code: string, capabilities?: Json) =>
  rpc('tools/call', { name: 'execute', arguments: { code } }, capabilities);
const getTask = (taskId: string, key?: string) => rpc('tasks/get', { taskId }, WITH_TASKS, key);

async function pollUntil(taskId: string, done: (task: Json) => boolean): Promise<Json> {
  const until = Date.now() + 30_000;
  for (;;) {
    const { result } = await getTask(taskId);
    if (done(result) || Date.now() > until) return result;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('execute as a task, 2026-07-28 (the io.modelcontextprotocol/tasks extension, raw HTTP)', () => {
  it('advertises the extension in server/discover, not the 2025 tasks capability', async () => {
    const { result } = await rpc('server/discover', {});
    expect(result.capabilities.extensions).toEqual({ [EXTENSION]: {} });
    expect(result.capabilities.tasks).toBeUndefined();
  });

  it('a request declaring the extension gets a flat handle; tasks/get inlines the result once completed', async () => {
    const { result: created } = await execute(
      'const end = Date.now() + 800; while (Date.now() < end) {} return 6 * 7;',
    );
    expect(created).toMatchObject({ resultType: 'task', status: 'working', ttlMs: expect.any(Number) });
    expect(created.task).toBeUndefined();
    expect(created.ttl).toBeUndefined();
    expect(Number.isInteger(created.pollIntervalMs)).toBe(true);
    const done = await pollUntil(created.taskId, (t) => TERMINAL.includes(t.status));
    expect(done).toMatchObject({ resultType: 'complete', taskId: created.taskId, status: 'completed' });
    expect(done.result.content[0].text).toContain('42');
    expect(done.result._meta?.['io.modelcontextprotocol/related-task']).toBeUndefined();
  });

  it('a script error is completed with result.isError (failed is for protocol errors)', async () => {
    const { result: created } = await execute("throw new Error('boom');");
    const done = await pollUntil(created.taskId, (t) => TERMINAL.includes(t.status));
    expect(done.status).toBe('completed');
    expect(done.result.isError).toBe(true);
  });

  it('without the extension: execute answers at once, tasks/* are -32021; tasks/result and tasks/list are gone', async () => {
    const { result } = await execute('return 1 + 1;', {});
    expect(result.resultType).toBe('complete');
    expect(result.taskId).toBeUndefined();
    const refused = await rpc('tasks/get', { taskId: 'ex_unknown' }, {});
    expect(refused.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { [EXTENSION]: {} } } },
    });
    expect((await rpc('tasks/result', { taskId: 'ex_unknown' })).error.code).toBe(-32601);
    expect((await rpc('tasks/list', {})).error.code).toBe(-32601);
    expect((await getTask('ex_unknown')).error.code).toBe(-32602);
  });

  it('a paused run is input_required with its approval in inputRequests; tasks/update approving it completes it', async () => {
    const { result: created } = await execute(`
      await myko.command('DeactivateProduct', { productId: 11 });
      return 'deactivated';`);
    const paused = await pollUntil(created.taskId, (t) => t.status !== 'working');
    expect(paused.status).toBe('input_required');
    const keys = Object.keys(paused.inputRequests);
    expect(keys).toHaveLength(1);
    expect(paused.inputRequests[keys[0]]).toMatchObject({ method: 'elicitation/create' });
    expect(paused.inputRequests[keys[0]].params.message).toContain('command_DeactivateProduct');
    expect(active(11)).toBe(1);
    const inputResponses = { [keys[0]]: { action: 'accept', content: { approve: true } } };
    const ack = await rpc('tasks/update', { taskId: created.taskId, inputResponses });
    expect(ack.result).toMatchObject({ resultType: 'complete' });
    expect(ack.result.taskId).toBeUndefined();
    const done = await pollUntil(created.taskId, (t) => TERMINAL.includes(t.status));
    expect(done.status).toBe('completed');
    expect(done.result.content[0].text).toContain('deactivated');
    expect(active(11)).toBe(0);
  });

  it('declining the approval ends the task without running the command', async () => {
    const { result: created } = await execute(
      "await myko.command('DeactivateProduct', { productId: 12 }); return 'x';",
    );
    const paused = await pollUntil(created.taskId, (t) => t.status !== 'working');
    const [key] = Object.keys(paused.inputRequests);
    await rpc('tasks/update', { taskId: created.taskId, inputResponses: { [key]: { action: 'decline' } } });
    const done = await pollUntil(created.taskId, (t) => TERMINAL.includes(t.status));
    expect(done.status).toBe('completed');
    expect(done.result.isError).toBe(true);
    expect(done.result.content[0].text).toContain('rejected');
    expect(active(12)).toBe(1);
  });

  it('tasks/cancel acknowledges (twice alike) and the task is cancelled; another key is told it does not exist', async () => {
    const { result: created } = await execute('const end = Date.now() + 20000; while (Date.now() < end) {} return 1;');
    expect((await getTask(created.taskId, OTHER_KEY)).error.code).toBe(-32602);
    expect((await rpc('tasks/cancel', { taskId: created.taskId }, WITH_TASKS, OTHER_KEY)).error.code).toBe(-32602);
    const ack = await rpc('tasks/cancel', { taskId: created.taskId });
    expect(ack.result).toMatchObject({ resultType: 'complete' });
    expect(ack.result.status).toBeUndefined();
    expect((await getTask(created.taskId)).result.status).toBe('cancelled');
    expect((await rpc('tasks/cancel', { taskId: created.taskId })).result).toMatchObject({ resultType: 'complete' });
  });
});
