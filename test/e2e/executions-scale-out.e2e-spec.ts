import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { FILTER_ENV_VARS } from '@myko/filter';
import { readRow } from '../helpers/file-backed-server';
import { stdioTransport } from '../helpers/mcp-client';
import { useScaleOutInstances } from '../helpers/scale-out.instances';
import { killServeProcess } from '../helpers/serve-process';

jest.setTimeout(120_000);

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON results
type Json = any;

const ADMIN_KEY = 'operator-key-for-scale-out-e2e';

const cluster = useScaleOutInstances({ prefix: 'myko-executions-redis-', env: { MYKO_ADMIN_KEY: ADMIN_KEY } });

const count = (sql: string, ...params: unknown[]): number =>
  readRow<{ n: number }>(cluster.databasePath, sql, ...params).n;
const restocks = (productId: number) =>
  count(
    "SELECT COUNT(*) AS n FROM stock_movements m JOIN warehouses w ON w.id = m.warehouse_id WHERE m.product_id = ? AND w.code = 'BER' AND m.reason = 'restock'",
    productId,
  );
const active = (productId: number) => count('SELECT active AS n FROM products WHERE id = ?', productId);
const adjustments = (productId: number) =>
  count(
    "SELECT COUNT(*) AS n FROM stock_movements m JOIN warehouses w ON w.id = m.warehouse_id WHERE m.product_id = ? AND w.code = 'BER' AND m.reason = 'adjustment'",
    productId,
  );
const onHand = (productId: number) =>
  count(
    "SELECT s.on_hand AS n FROM stock_levels s JOIN warehouses w ON w.id = s.warehouse_id WHERE s.product_id = ? AND w.code = 'BER'",
    productId,
  );

/** `POST <admin>/executions/<path>` on `origin`, as the operator alice. */
async function admin(origin: string, path: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(new URL(`/admin/executions/${path}`, origin), {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_KEY}`, 'X-Myko-Operator': 'alice' },
  });
  return { status: res.status, body: await res.json() };
}

/** An SDK 1.x client over HTTP to `origin` that declares no elicitation: a gated command pauses the run. */
async function executeOn(origin: string, code: string): Promise<Json> {
  const client = new Client({ name: 'executions-redis-e2e', version: '1.0.0' }, { capabilities: {} });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', origin)));
  try {
    return await client.callTool({ name: 'execute', arguments: { code } });
  } finally {
    await client.close();
  }
}

it("paused on one instance, rolled back through the other's admin API (twice at once): each compensation runs once", async () => {
  const [a, b] = cluster.instances;
  const before = { stock: onHand(4), adjustments: adjustments(4), restocks: restocks(4) };
  const paused = await executeOn(
    a.origin,
    `await myko.command('RestockProduct', { productId: 4, warehouseCode: 'BER', quantity: 3 });
     await myko.command('RestockProduct', { productId: 4, warehouseCode: 'BER', quantity: 5 });
     await myko.command('DeactivateProduct', { productId: 4 });
     return 'done';`,
  );
  const { id, state } = paused.structuredContent.execution;
  expect(state).toBe('paused');
  expect(onHand(4)).toBe(before.stock + 8);
  expect((await admin(b.origin, `${id}/reject`)).status).toBe(200);

  // A double click that reaches both replicas: one rollback runs, the other is refused or finds it done.
  const [onA, onB] = await Promise.all([admin(a.origin, `${id}/rollback`), admin(b.origin, `${id}/rollback`)]);
  expect([onA.status, onB.status].sort()).toEqual(expect.arrayContaining([200]));
  for (const answer of [onA, onB]) expect([200, 409]).toContain(answer.status);
  const again = await admin(b.origin, `${id}/rollback`);
  expect(again.status).toBe(200);
  expect(again.body.execution).toMatchObject({
    id,
    state: 'rolled_back',
    rollback: { by: 'operator:alice', attempts: 1, compensated: [1, 0], skipped: [] },
  });
  // Two compensations (AdjustStock -5, then -3), each one row, once; the restocks' own rows stay.
  expect(adjustments(4)).toBe(before.adjustments + 2);
  expect(restocks(4)).toBe(before.restocks + 2);
  expect(onHand(4)).toBe(before.stock);
  expect(active(4)).toBe(1);
});

it("a stdio client's MYKO_MCP_TOOL_* narrowing holds when its pause is approved on an HTTP instance", async () => {
  const [, b] = cluster.instances;
  const deny = JSON.stringify({ command_RestockProduct: { warehouseCode: ['BER'] } });
  const transport = stdioTransport({ [FILTER_ENV_VARS.callableDeny]: deny }, [
    '--db',
    cluster.databasePath,
    '--redis',
    cluster.redis.url,
    '--audit-log',
    'off',
  ]);
  const client = new Client({ name: 'executions-stdio-e2e', version: '1.0.0' }, { capabilities: {} });
  await client.connect(transport);
  const before = restocks(5);
  // The gated command only in a branch: stdio has no operator door, so a certain one would be refused up front.
  const paused: Json = await client.callTool({
    name: 'execute',
    arguments: {
      code: `const products = await myko.query('ListProducts', { limit: 1 });
        if (products) await myko.command('DeactivateProduct', { productId: 5 });
        await myko.command('RestockProduct', { productId: 5, warehouseCode: 'BER', quantity: 7 });
        return 'restocked';`,
    },
  });
  await client.close();
  const { id, state } = paused.structuredContent.execution;
  expect(state).toBe('paused');
  const approved = await admin(b.origin, `${id}/approve`);
  expect(approved.status).toBe(200);
  expect(active(5)).toBe(0);
  // The resumed run had the stdio server's access: its narrowing refused the Berlin restock.
  expect(approved.body.execution.state).toBe('failed');
  expect(approved.body.result.content[0].text).toContain('CallRefusedError');
  expect(restocks(5)).toBe(before);
});

it('paused on one instance, killed -9, approved on the other: it completes there, nothing runs twice', async () => {
  const [a, b] = cluster.instances;
  const client = new Client({ name: 'executions-redis-e2e', version: '1.0.0' }, { capabilities: {} });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', a.origin)));
  const before = { first: restocks(1), second: restocks(2) };
  const code = `
    await myko.command('RestockProduct', { productId: 1, warehouseCode: 'BER', quantity: 2 });
    await myko.command('UpdateProductPrice', { productId: 1, unitPriceCents: 999 });
    await myko.command('DeactivateProduct', { productId: 1 });
    await myko.command('RestockProduct', { productId: 2, warehouseCode: 'BER', quantity: 3 });
    return 'done';`;
  const paused: Json = await client.callTool({ name: 'execute', arguments: { code } });
  await client.close();
  const { id } = paused.structuredContent.execution;
  expect(paused.structuredContent.execution.state).toBe('paused');
  expect(restocks(1)).toBe(before.first + 1);
  expect(active(1)).toBe(1);

  // Listed on the other instance: the index is in Redis, not in the instance that paused it.
  const listed = await fetch(new URL('/admin/executions?state=paused', b.origin), {
    headers: { Authorization: `Bearer ${ADMIN_KEY}` },
  });
  const listing: Json = await listed.json();
  expect(listed.status).toBe(200);
  expect(listing.executions).toContainEqual(
    expect.objectContaining({
      id,
      state: 'paused',
      waitingFor: { operation: 'command_DeactivateProduct', args: { productId: 1 }, reason: 'approval' },
    }),
  );

  killServeProcess(a);
  await a.exited;

  const res = await fetch(new URL(`/admin/executions/${id}/approve`, b.origin), {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_KEY}` },
  });
  const body: Json = await res.json();
  expect(res.status).toBe(200);
  expect(body.execution).toMatchObject({ id, state: 'completed', decision: { verdict: 'approved', by: 'operator' } });
  expect(body.result.content[0].text).toBe('"done"');
  expect(restocks(1)).toBe(before.first + 1);
  expect(active(1)).toBe(0);
  expect(restocks(2)).toBe(before.second + 1);
});
