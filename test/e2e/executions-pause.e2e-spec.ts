import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readRow, useFileBackedServer } from '../helpers/file-backed-server';
import { useReleases } from '../helpers/releases';

jest.setTimeout(90_000);

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON results
type Json = any;

const ADMIN_KEY = 'operator-key-for-executions-e2e';
/** No approval globs: only DeactivateProduct (`approval: true`) is gated. */
const CONFIG = { auth: { required: false }, audit: { path: 'audit.log' } };

/** Restock, reprice, deactivate (gated), restock another product: the partial change of issue 42. */
function partialChange(first: number, second: number): string {
  return `
    await myko.command('RestockProduct', { productId: ${first}, warehouseCode: 'BER', quantity: 2 });
    await myko.command('UpdateProductPrice', { productId: ${first}, unitPriceCents: 4321 });
    await myko.command('DeactivateProduct', { productId: ${first} });
    await myko.command('RestockProduct', { productId: ${second}, warehouseCode: 'BER', quantity: 3 });
    return 'done';`;
}

const served = useFileBackedServer({ prefix: 'myko-executions-', config: CONFIG, env: { MYKO_ADMIN_KEY: ADMIN_KEY } });
const opened = useReleases();

const read = <T>(sql: string, ...params: unknown[]): T => readRow<T>(served.databasePath, sql, ...params);

/** Restock movements of a product in BER: one row per run of RestockProduct. */
const restocks = (productId: number): number =>
  read<{ n: number }>(
    "SELECT COUNT(*) AS n FROM stock_movements m JOIN warehouses w ON w.id = m.warehouse_id WHERE m.product_id = ? AND w.code = 'BER' AND m.reason = 'restock'",
    productId,
  ).n;
const product = (id: number) =>
  read<{ active: number; unit_price_cents: number }>('SELECT * FROM products WHERE id = ?', id);
const audit = (): Json[] =>
  readFileSync(join(served.dir, 'audit.log'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));

/** An SDK 1.x client over HTTP that declares no elicitation: it cannot approve anything itself. */
async function execute(code: string): Promise<Json> {
  const client = opened(new Client({ name: 'executions-e2e', version: '1.0.0' }, { capabilities: {} }), (c) =>
    c.close(),
  );
  await client.connect(new StreamableHTTPClientTransport(served.server.httpUrl));
  return client.callTool({ name: 'execute', arguments: { code } });
}

/** The admin API: `GET <id>`, `POST <id>/approve|reject`. */
async function admin(path: string, method = 'POST', key = ADMIN_KEY): Promise<{ status: number; body: Json }> {
  const res = await fetch(new URL(`/admin/executions/${path}`, served.server.httpUrl), {
    method,
    headers: { Authorization: `Bearer ${key}`, 'X-Myko-Operator': 'alice' },
  });
  return { status: res.status, body: await res.json() };
}

/** Runs the partial change, checks it paused before DeactivateProduct with only the first two commands done. */
async function pausedRun(first: number, second: number): Promise<string> {
  const before = { first: restocks(first), second: restocks(second) };
  const result = await execute(partialChange(first, second));
  expect(result.isError).toBeFalsy();
  const { execution } = result.structuredContent;
  expect(execution).toMatchObject({
    state: 'paused',
    waitingFor: { reason: 'approval', operation: 'command_DeactivateProduct', args: { productId: first } },
    calls: [
      { operation: 'command_RestockProduct', outcome: 'ok' },
      { operation: 'command_UpdateProductPrice', outcome: 'ok' },
    ],
  });
  expect(result._meta.execution).toEqual({ id: execution.id, state: 'paused' });
  expect(result.content[0].text).toContain(`Execution ${execution.id} is paused before command_DeactivateProduct`);
  expect(result.content[0].text).toMatch(/1\. command_RestockProduct: completed[\s\S]*2\. command_UpdateProductPrice/);
  // Nothing from the gated command on ran.
  expect(restocks(first)).toBe(before.first + 1);
  expect(product(first)).toMatchObject({ active: 1, unit_price_cents: 4321 });
  expect(restocks(second)).toBe(before.second);
  return execution.id;
}

it('pauses before the gated command; approved by an operator it completes, every command ran exactly once', async () => {
  const id = await pausedRun(1, 2);
  const before = { first: restocks(1), second: restocks(2) };
  const approved = await admin(`${id}/approve`);
  expect(approved.status).toBe(200);
  expect(approved.body.execution).toMatchObject({
    id,
    state: 'completed',
    decision: { verdict: 'approved', by: 'operator:alice' },
  });
  expect(approved.body.execution.calls.map((c: Json) => c.operation)).toEqual([
    'command_RestockProduct',
    'command_UpdateProductPrice',
    'command_DeactivateProduct',
    'command_RestockProduct',
  ]);
  expect(approved.body.execution.calls[0].digest).toMatch(/^[0-9a-f]{64}$/);
  expect(approved.body.result.content[0].text).toBe('"done"');
  // The first restock was answered from the journal, not run again; the rest ran once.
  expect(restocks(1)).toBe(before.first);
  expect(product(1)).toMatchObject({ active: 0 });
  expect(restocks(2)).toBe(before.second + 1);
  const lines = audit().filter((line) => line.executionId === id);
  expect(lines.map((line) => [line.operation, line.outcome])).toEqual([
    ['command_RestockProduct', 'ok'],
    ['command_UpdateProductPrice', 'ok'],
    ['command_DeactivateProduct', 'ok'],
    ['command_RestockProduct', 'ok'],
  ]);
  expect(lines[2].approval).toEqual({ granted: true, by: 'operator:alice' });
  // Decided once: a second approval (another replica, a double click) resumes nothing.
  expect((await admin(`${id}/approve`)).status).toBe(409);
  expect(restocks(2)).toBe(before.second + 1);
});

it('rejected: the run ends there, the gated command and what follows never run', async () => {
  const id = await pausedRun(3, 4);
  const before = restocks(4);
  const rejected = await admin(`${id}/reject`);
  expect(rejected.status).toBe(200);
  expect(rejected.body.execution).toMatchObject({ state: 'rejected', decision: { verdict: 'rejected' } });
  expect((await admin(`${id}/approve`)).status).toBe(409);
  expect(product(3)).toMatchObject({ active: 1 });
  expect(restocks(4)).toBe(before);
  expect((await admin(id, 'GET')).body.execution).toMatchObject({ id, state: 'rejected' });
});

it('a resume whose script asks for other calls than recorded stops as diverged, naming the call', async () => {
  // The restock's note changes on every run: the replay cannot match the journal.
  const code = `
    await myko.command('RestockProduct', { productId: 5, warehouseCode: 'BER', quantity: 1, note: String(Math.random()) });
    await myko.command('DeactivateProduct', { productId: 5 });
    return 'done';`;
  const before = restocks(5);
  const paused = await execute(code);
  const { id } = paused.structuredContent.execution;
  expect(restocks(5)).toBe(before + 1);
  const approved = await admin(`${id}/approve`);
  expect(approved.status).toBe(200);
  expect(approved.body.execution).toMatchObject({ state: 'diverged', divergedAt: 'command_RestockProduct' });
  expect(approved.body.result.isError).toBe(true);
  expect(approved.body.result.content[0].text).toContain(`Execution ${id} diverged at command_RestockProduct`);
  expect(restocks(5)).toBe(before + 1);
  expect(product(5)).toMatchObject({ active: 1 });
});

it('the admin API needs the operator key, and knows no other ids', async () => {
  expect((await admin('ex_unknown/approve', 'POST', 'wrong')).status).toBe(401);
  expect((await admin('ex_unknown/approve')).status).toBe(404);
});

it('a run that calls operations carries its execution id in _meta; its record is readable by the operator', async () => {
  const result = await execute("return (await myko.query('ListWarehouses')).length > 0;");
  expect(result.content[0].text).toBe('true');
  const { id, state } = result._meta.execution;
  expect(state).toBe('completed');
  expect((await admin(id, 'GET')).body.execution).toMatchObject({
    state: 'completed',
    calls: [{ kind: 'query', operation: 'query_ListWarehouses', outcome: 'ok' }],
  });
});
