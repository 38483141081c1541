import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readRow, useFileBackedServer } from '../helpers/file-backed-server';
import { useReleases } from '../helpers/releases';

jest.setTimeout(90_000);

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON results
type Json = any;

const ADMIN_KEY = 'operator-key-for-rollback-e2e';
/** No approval globs: only DeactivateProduct (`approval: true`) is gated. */
const CONFIG = { auth: { required: false }, audit: { path: 'audit.log' } };

const served = useFileBackedServer({ prefix: 'myko-rollback-', config: CONFIG, env: { MYKO_ADMIN_KEY: ADMIN_KEY } });
const opened = useReleases();

const read = <T>(sql: string, ...params: unknown[]): T => readRow<T>(served.databasePath, sql, ...params);

/** Units of a product on hand in BER, as the SQLite row has them. */
const onHand = (productId: number): number =>
  read<{ on_hand: number }>(
    "SELECT s.on_hand FROM stock_levels s JOIN warehouses w ON w.id = s.warehouse_id WHERE s.product_id = ? AND w.code = 'BER'",
    productId,
  ).on_hand;
const price = (id: number) =>
  read<{ unit_price_cents: number }>('SELECT * FROM products WHERE id = ?', id).unit_price_cents;
const name = (id: number) => read<{ name: string }>('SELECT name FROM products WHERE id = ?', id).name;
const auditOf = (id: string): Json[] =>
  readFileSync(join(served.dir, 'audit.log'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line))
    .filter((line) => line.executionId === id);

/** An SDK 1.x client over HTTP that declares no elicitation: the gated command pauses the run. */
async function execute(code: string): Promise<Json> {
  const client = opened(new Client({ name: 'rollback-e2e', version: '1.0.0' }, { capabilities: {} }), (c) => c.close());
  await client.connect(new StreamableHTTPClientTransport(served.server.httpUrl));
  return client.callTool({ name: 'execute', arguments: { code } });
}

async function admin(path: string, method = 'POST', key = ADMIN_KEY): Promise<{ status: number; body: Json }> {
  const res = await fetch(new URL(`/admin/executions/${path}`, served.server.httpUrl), {
    method,
    headers: { Authorization: `Bearer ${key}`, 'X-Myko-Operator': 'alice' },
  });
  return { status: res.status, body: await res.json() };
}

/** Runs `code` (commits, then the gated DeactivateProduct), checks it paused, rejects it; answers its id. */
async function rejectedRun(code: string): Promise<string> {
  const result = await execute(code);
  const { id, state } = result.structuredContent.execution;
  expect(state).toBe('paused');
  expect((await admin(`${id}/rollback`)).status).toBe(409);
  expect((await admin(`${id}/reject`)).status).toBe(200);
  return id;
}

it('rolls a rejected execution back: the price and the restock are undone in SQLite, audited as the operator, once', async () => {
  const before = { stock: onHand(6), price: price(6) };
  const id = await rejectedRun(`
    await myko.command('UpdateProductPrice', { productId: 6, unitPriceCents: ${before.price + 250} });
    await myko.command('RestockProduct', { productId: 6, warehouseCode: 'BER', quantity: 4 });
    await myko.command('DeactivateProduct', { productId: 6 });
    return 'done';`);
  expect(price(6)).toBe(before.price + 250);
  expect(onHand(6)).toBe(before.stock + 4);
  const rolled = await admin(`${id}/rollback`);
  expect(rolled.status).toBe(200);
  expect(rolled.body.execution).toMatchObject({
    id,
    state: 'rolled_back',
    rollback: { by: 'operator:alice', attempts: 1, compensated: [1, 0], skipped: [] },
  });
  expect(price(6)).toBe(before.price);
  expect(onHand(6)).toBe(before.stock);
  const lines = auditOf(id);
  expect(lines.map((line) => [line.operation, line.outcome])).toEqual([
    ['command_UpdateProductPrice', 'ok'],
    ['command_RestockProduct', 'ok'],
    ['command_AdjustStock', 'ok'],
    ['command_UpdateProductPrice', 'ok'],
  ]);
  for (const line of lines.slice(2)) expect(line.approval).toEqual({ granted: true, by: 'operator:alice' });
  expect(lines[2].requestId).toBe(`rollback:${id}:1`);
  expect(lines[3].requestId).toBe(`rollback:${id}:0`);
  // A second rollback (a double click, another replica) runs nothing.
  const again = await admin(`${id}/rollback`);
  expect(again.status).toBe(200);
  expect(again.body.execution).toMatchObject({ state: 'rolled_back', rollback: { attempts: 1 } });
  expect(price(6)).toBe(before.price);
  expect(onHand(6)).toBe(before.stock);
  expect(auditOf(id)).toHaveLength(4);
  expect((await admin(id, 'GET')).body.execution).toMatchObject({ state: 'rolled_back' });
  // The listing says what the rollback did, as counts.
  const listing = await fetch(new URL('/admin/executions?state=rolled_back', served.server.httpUrl), {
    headers: { Authorization: `Bearer ${ADMIN_KEY}` },
  });
  const listed = ((await listing.json()) as Json).executions.find((e: Json) => e.id === id);
  expect(listed.rollback).toEqual({
    by: 'operator:alice',
    at: expect.any(String),
    attempts: 1,
    compensated: 2,
    skipped: 0,
  });
});

it('refuses a rollback naming the committed command without a compensation; skipUncompensated leaves it', async () => {
  const before = { stock: onHand(7), name: name(7) };
  const id = await rejectedRun(`
    await myko.command('RestockProduct', { productId: 7, warehouseCode: 'BER', quantity: 2 });
    await myko.command('SetProductName', { id: 7, value: 'Renamed by a script' });
    await myko.command('DeactivateProduct', { productId: 7 });
    return 'done';`);
  const refused = await admin(`${id}/rollback`);
  expect(refused.status).toBe(409);
  expect(refused.body.message ?? JSON.stringify(refused.body)).toContain(
    'command_SetProductName committed and declares no compensation; nothing ran',
  );
  expect(onHand(7)).toBe(before.stock + 2);
  expect((await admin(`${id}/rollback?skipUncompensated=maybe`)).status).toBe(400);
  const skipped = await admin(`${id}/rollback?skipUncompensated=true`);
  expect(skipped.status).toBe(200);
  expect(skipped.body.execution).toMatchObject({ state: 'rolled_back', rollback: { compensated: [0], skipped: [1] } });
  expect(onHand(7)).toBe(before.stock);
  expect(name(7)).toBe('Renamed by a script');
  expect(before.name).not.toBe('Renamed by a script');
});

it('the rollback route needs the operator key and knows no other ids', async () => {
  expect((await admin('ex_unknown/rollback', 'POST', 'wrong')).status).toBe(401);
  expect((await admin('ex_unknown/rollback')).status).toBe(404);
});

describe("myko.rollback: a client's own door to roll back its failed execution", () => {
  /** An SDK 1.x client over HTTP sending `headers`; keyless, so every client here is the principal `address:127.0.0.1`. */
  async function executeWith(code: string, headers: Record<string, string> = {}): Promise<Json> {
    const client = opened(new Client({ name: 'rollback-own-e2e', version: '1.0.0' }, { capabilities: {} }), (c) =>
      c.close(),
    );
    await client.connect(new StreamableHTTPClientTransport(served.server.httpUrl, { requestInit: { headers } }));
    return client.callTool({ name: 'execute', arguments: { code } });
  }

  it('compensates what the failed script committed, once, audited as the client, under its filters', async () => {
    const before = onHand(8);
    const failed = await executeWith(`
      await myko.command('RestockProduct', { productId: 8, warehouseCode: 'BER', quantity: 6 });
      throw new Error('the script changed its mind');`);
    expect(failed.isError).toBe(true);
    const { id, state } = failed._meta.execution;
    expect(state).toBe('failed');
    expect(onHand(8)).toBe(before + 6);

    // Its filters hold: a request that may not adjust stock in Berlin cannot run the compensation.
    const deny = { 'X-Myko-Tool-Callable-Deny': JSON.stringify({ command_AdjustStock: { warehouseCode: ['BER'] } }) };
    const refused = await executeWith(`return await myko.rollback(${JSON.stringify(id)});`, deny);
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toContain('cannot be rolled back by you');
    expect(refused.content[0].text).toContain('command_AdjustStock');
    expect(onHand(8)).toBe(before + 6);

    const rolled = await executeWith(`return await myko.rollback(${JSON.stringify(id)});`);
    expect(rolled.isError).toBeFalsy();
    expect(JSON.parse(rolled.content[0].text)).toMatchObject({
      id,
      state: 'rolled_back',
      rollback: { by: 'client:address:127.0.0.1', attempts: 1, compensated: 1, skipped: 0 },
    });
    expect(onHand(8)).toBe(before);
    const again = await executeWith(`return (await myko.rollback(${JSON.stringify(id)})).state;`);
    expect(again.content[0].text).toBe('"rolled_back"');
    expect(onHand(8)).toBe(before);
    const compensations = auditOf(id).filter((line) => line.operation === 'command_AdjustStock');
    expect(compensations).toHaveLength(1);
    expect(compensations[0].requestId).toBe(`rollback:${id}:0`);
    expect(compensations[0].approval).toBeUndefined();

    const unknown = await executeWith("return await myko.rollback('ex_nobody');");
    expect(unknown.content[0].text).toContain('No execution ex_nobody of yours');
  });
});
