import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import { readRow, useFileBackedServer } from '../helpers/file-backed-server';
import { useReleases } from '../helpers/releases';

/**
 * Issue 42 over WebSocket: the official SDK 1.x client on the service's WebSocket transport, declaring no
 * elicitation, runs the partial change; it pauses before the gated command, an operator approves it through the
 * admin API, the run completes, and every command ran exactly once (counted in the SQLite rows).
 */
jest.setTimeout(90_000);

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON results
type Json = any;

const ADMIN_KEY = 'operator-key-for-executions-ws-e2e';
const CONFIG = { auth: { required: false } };
const PARTIAL_CHANGE = `
  await myko.command('RestockProduct', { productId: 11, warehouseCode: 'BER', quantity: 2 });
  await myko.command('UpdateProductPrice', { productId: 11, unitPriceCents: 3579 });
  await myko.command('DeactivateProduct', { productId: 11 });
  await myko.command('RestockProduct', { productId: 12, warehouseCode: 'BER', quantity: 3 });
  return 'done';`;

const served = useFileBackedServer({
  prefix: 'myko-executions-ws-',
  config: CONFIG,
  env: { MYKO_ADMIN_KEY: ADMIN_KEY },
});
const opened = useReleases();

const read = <T>(sql: string, ...params: unknown[]): T => readRow<T>(served.databasePath, sql, ...params);

/** Restock movements of a product in BER: one row per run of RestockProduct. */
const restocks = (productId: number): number =>
  read<{ n: number }>(
    "SELECT COUNT(*) AS n FROM stock_movements m JOIN warehouses w ON w.id = m.warehouse_id WHERE m.product_id = ? AND w.code = 'BER' AND m.reason = 'restock'",
    productId,
  ).n;
const product = (id: number) =>
  read<{ active: number; unit_price_cents: number }>('SELECT active, unit_price_cents FROM products WHERE id = ?', id);

async function approve(id: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(new URL(`/admin/executions/${id}/approve`, served.server.httpUrl), {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_KEY}`, 'X-Myko-Operator': 'bob' },
  });
  return { status: res.status, body: await res.json() };
}

it('over WebSocket: pauses before the gated command, the operator approves, it completes and every command ran once', async () => {
  const client = opened(new Client({ name: 'executions-ws-e2e', version: '1.0.0' }, { capabilities: {} }), (c) =>
    c.close(),
  );
  await client.connect(new WebSocketClientTransport(served.server.wsUrl));
  const before = { first: restocks(11), second: restocks(12), price: product(11).unit_price_cents };
  expect(before.price).not.toBe(3579);

  const paused: Json = await client.callTool({ name: 'execute', arguments: { code: PARTIAL_CHANGE } });
  expect(paused.isError).toBeFalsy();
  const { execution } = paused.structuredContent;
  expect(execution).toMatchObject({
    state: 'paused',
    waitingFor: { reason: 'approval', operation: 'command_DeactivateProduct', args: { productId: 11 } },
  });
  expect(restocks(11)).toBe(before.first + 1);
  expect(product(11)).toMatchObject({ active: 1, unit_price_cents: 3579 });
  expect(restocks(12)).toBe(before.second);

  const approved = await approve(execution.id);
  expect(approved.status).toBe(200);
  expect(approved.body.execution).toMatchObject({
    id: execution.id,
    state: 'completed',
    decision: { verdict: 'approved', by: 'operator:bob' },
  });
  expect(approved.body.result.content[0].text).toBe('"done"');
  // Exactly once each: the replayed restock and price change did not run again; the rest ran once.
  expect(restocks(11)).toBe(before.first + 1);
  expect(product(11)).toMatchObject({ active: 0, unit_price_cents: 3579 });
  expect(restocks(12)).toBe(before.second + 1);
  expect((await approve(execution.id)).status).toBe(409);
  expect(restocks(12)).toBe(before.second + 1);
});
