import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readRow, useFileBackedServer } from '../helpers/file-backed-server';
import { useReleases } from '../helpers/releases';

jest.setTimeout(90_000);

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON results
type Json = any;

const ADMIN_KEY = 'operator-key-for-executions-expiry-e2e';
/** A short retention: a paused run expires 4 s after it started, and reads `expired` for 4 s more. */
const RETENTION_MS = 4_000;
const CONFIG = { auth: { required: false }, sandbox: { executionRetentionMs: RETENTION_MS } };
const PAUSING = (productId: number) => `
  await myko.command('UpdateProductPrice', { productId: ${productId}, unitPriceCents: 2468 });
  await myko.command('DeactivateProduct', { productId: ${productId} });
  return 'deactivated';`;

const served = useFileBackedServer({
  prefix: 'myko-executions-expiry-',
  config: CONFIG,
  env: { MYKO_ADMIN_KEY: ADMIN_KEY },
});
const opened = useReleases();

const product = (id: number): Json =>
  readRow(served.databasePath, 'SELECT active, unit_price_cents FROM products WHERE id = ?', id);

async function admin(path: string, method = 'POST'): Promise<{ status: number; body: Json }> {
  const res = await fetch(new URL(`/admin/executions${path}`, served.server.httpUrl), {
    method,
    headers: { Authorization: `Bearer ${ADMIN_KEY}`, 'X-Myko-Operator': 'alice' },
  });
  return { status: res.status, body: await res.json() };
}

it('a pause nobody decided before its expiry answers expired on approve, reject, read and listing; the gated command never runs', async () => {
  const client = opened(new Client({ name: 'expiry-e2e', version: '1.0.0' }, { capabilities: {} }), (c) => c.close());
  await client.connect(new StreamableHTTPClientTransport(served.server.httpUrl));
  const result: Json = await client.callTool({ name: 'execute', arguments: { code: PAUSING(7) } });
  const { execution } = result.structuredContent;
  expect(execution).toMatchObject({ state: 'paused', waitingFor: { operation: 'command_DeactivateProduct' } });
  const expiresAt = Date.parse(execution.expiresAt);
  expect(expiresAt - Date.now()).toBeLessThanOrEqual(RETENTION_MS);
  expect((await admin(`?state=paused`, 'GET')).body.executions.map((e: Json) => e.id)).toContain(execution.id);

  await sleep(Math.max(0, expiresAt - Date.now()) + 200);

  const approved = await admin(`/${execution.id}/approve`);
  expect(approved.status).toBe(409);
  expect(approved.body.message ?? JSON.stringify(approved.body)).toMatch(/expired at .*can no longer be approved/);
  const rejected = await admin(`/${execution.id}/reject`);
  expect(rejected.status).toBe(409);
  expect(JSON.stringify(rejected.body)).toContain('expired');
  const read = await admin(`/${execution.id}`, 'GET');
  expect(read.status).toBe(200);
  expect(read.body.execution).toMatchObject({ id: execution.id, state: 'expired' });
  const expired = await admin('?state=expired', 'GET');
  expect(expired.body.executions).toEqual([expect.objectContaining({ id: execution.id, state: 'expired' })]);
  expect((await admin('?state=paused', 'GET')).body.executions.map((e: Json) => e.id)).not.toContain(execution.id);
  // The price change before the pause took effect; the gated deactivation never ran.
  expect(product(7)).toMatchObject({ active: 1, unit_price_cents: 2468 });
});
