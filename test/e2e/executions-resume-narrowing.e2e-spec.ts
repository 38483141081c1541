import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { generateApiKey, hashApiKey } from '@myko/access';
import { FILTER_HEADERS } from '@myko/filter';
import { auditLines } from '../helpers/access-fixtures';
import { readRow, useFileBackedServer } from '../helpers/file-backed-server';
import { useReleases } from '../helpers/releases';

jest.setTimeout(90_000);

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON results
type Json = any;

const ADMIN_KEY = generateApiKey();
const OPS_KEY = generateApiKey();
/** The key's profile may restock anywhere; deactivating needs an approval (the rule and the command's own flag). */
const CONFIG = {
  auth: { required: true },
  profiles: { ops: { keys: [hashApiKey(OPS_KEY)], approval: ['command_DeactivateProduct'] } },
  admin: { keys: [hashApiKey(ADMIN_KEY)] },
  typeCheck: 'off',
  audit: { path: 'audit.log' },
};
/** This request narrows its key: no restock in Berlin. */
const NARROWED = {
  [FILTER_HEADERS.callableDeny]: JSON.stringify({ command_RestockProduct: { warehouseCode: ['BER'] } }),
};

/** Deactivate (gated: the run pauses), then restock in Berlin, which the narrowed request may not call. */
const GATED_THEN_NARROWED = (productId: number) => `
  await myko.command('DeactivateProduct', { productId: ${productId} });
  await myko.command('RestockProduct', { productId: ${productId}, warehouseCode: 'BER', quantity: 5 });
  return 'restocked';`;
const RESTOCK_ONLY = (productId: number) => `
  await myko.command('RestockProduct', { productId: ${productId}, warehouseCode: 'BER', quantity: 5 });
  return 'restocked';`;

const served = useFileBackedServer({ prefix: 'myko-resume-narrowing-', config: CONFIG });
const opened = useReleases();

const restocks = (productId: number): number =>
  readRow<{ n: number }>(
    served.databasePath,
    "SELECT COUNT(*) AS n FROM stock_movements m JOIN warehouses w ON w.id = m.warehouse_id WHERE m.product_id = ? AND w.code = 'BER' AND m.reason = 'restock'",
    productId,
  ).n;
const active = (productId: number): number =>
  readRow<{ active: number }>(served.databasePath, 'SELECT active FROM products WHERE id = ?', productId).active;

/** The official SDK 1.x client over HTTP with the ops key and `headers`, declaring no elicitation. */
async function connect(headers: Record<string, string> = {}): Promise<Client> {
  const client = opened(new Client({ name: 'resume-narrowing', version: '1.0.0' }, { capabilities: {} }), (c) =>
    c.close(),
  );
  const requestInit = { headers: { Authorization: `Bearer ${OPS_KEY}`, ...headers } };
  await client.connect(new StreamableHTTPClientTransport(served.server.httpUrl, { requestInit }));
  return client;
}

async function execute(client: Client, code: string): Promise<Json> {
  return client.callTool({ name: 'execute', arguments: { code } });
}

async function approve(id: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(new URL(`/admin/executions/${id}/approve`, served.server.httpUrl), {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_KEY}`, 'X-Myko-Operator': 'alice' },
  });
  return { status: res.status, body: await res.json() };
}

/** The refusal the narrowed request gets for the Berlin restock when it calls it directly. */
async function directRefusal(productId: number): Promise<string> {
  const result = await execute(await connect(NARROWED), RESTOCK_ONLY(productId));
  expect(result.isError).toBe(true);
  const refusal = /CallRefusedError: [^\n]*/.exec(result.content[0].text)?.[0];
  expect(refusal).toContain('command_RestockProduct');
  return (refusal as string).replace(/ \(line \d+, column \d+ of your code\)$/, '');
}

it('the key alone may restock in Berlin (the narrowing is the request’s, not the profile’s)', async () => {
  const before = restocks(6);
  const result = await execute(await connect(), RESTOCK_ONLY(6));
  expect(result.isError).toBeFalsy();
  expect(restocks(6)).toBe(before + 1);
});

it('approved by an operator, the resumed run refuses what the original request could not call, as it would', async () => {
  const refusal = await directRefusal(7);
  const client = await connect(NARROWED);
  const paused = await execute(client, GATED_THEN_NARROWED(7));
  const { execution } = paused.structuredContent;
  expect(execution).toMatchObject({ state: 'paused', waitingFor: { operation: 'command_DeactivateProduct' } });
  const before = restocks(7);

  const approved = await approve(execution.id);
  expect(approved.status).toBe(200);
  // The approved command ran; the Berlin restock after it was refused, as for the original request.
  expect(active(7)).toBe(0);
  expect(restocks(7)).toBe(before);
  expect(approved.body.execution).toMatchObject({ id: execution.id, state: 'failed' });
  expect(approved.body.result.isError).toBe(true);
  expect(approved.body.result.content[0].text).toContain(refusal);
  // Refused by the filters before it ran: never journaled, as in the original request.
  expect(approved.body.execution.calls.map((c: Json) => [c.operation, c.outcome])).toEqual([
    ['command_DeactivateProduct', 'ok'],
  ]);
});

it('the resumed run’s audit lines name the original principal, identity and session', async () => {
  const client = await connect(NARROWED);
  const paused = await execute(client, GATED_THEN_NARROWED(8));
  const { id } = paused.structuredContent.execution;
  expect((await approve(id)).status).toBe(200);
  const lines = auditLines(join(served.dir, 'audit.log')).filter((line: Json) => line.executionId === id);
  expect(lines.map((line: Json) => [line.operation, line.outcome])).toEqual([['command_DeactivateProduct', 'ok']]);
  // As the original request's lines name its key holder: the first 16 hex digits of the key's SHA-256.
  const identity = hashApiKey(OPS_KEY).slice('sha256:'.length, 'sha256:'.length + 16);
  for (const line of lines) {
    expect(line).toMatchObject({ profile: 'ops', identity, session: client.transport?.sessionId });
  }
  expect(lines[0].approval).toEqual({ granted: true, by: 'operator:alice' });
});

it('a task-augmented execute resumed by the operator refuses it too, and its task ends failed', async () => {
  const refusal = await directRefusal(9);
  const client = await connect(NARROWED);
  const created = await client.request(
    {
      method: 'tools/call',
      params: { name: 'execute', arguments: { code: GATED_THEN_NARROWED(9) }, task: { ttl: 60_000 } },
    },
    CreateTaskResultSchema,
  );
  const { taskId } = created.task;
  const until = async (done: (status: string) => boolean): Promise<Json> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const task = await client.experimental.tasks.getTask(taskId);
      if (done(task.status) || Date.now() > deadline) return task;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  expect((await until((status) => status !== 'working')).status).toBe('input_required');
  const before = restocks(9);
  expect((await approve(taskId)).status).toBe(200);
  expect((await until((status) => ['completed', 'failed', 'cancelled'].includes(status))).status).toBe('failed');
  const result: Json = await client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
  expect(result.content[0].text).toContain(refusal);
  expect(active(9)).toBe(0);
  expect(restocks(9)).toBe(before);
});
