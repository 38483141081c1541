import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { callExecute } from '../helpers/execute-tool';
import { type RedisServer, startRedisServer } from '../helpers/redis-server';
import { releaseAll } from '../helpers/releases';
import { killServeProcess, type ServeProcess, startServeProcess } from '../helpers/serve-process';

jest.setTimeout(120_000);

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON answers
type Json = any;

const ADMIN_KEY = 'operator-key-for-admin-audit-scale-out-e2e';

let redis: RedisServer;
let dir: string;
const instances: ServeProcess[] = [];
let client: Client | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'myko-admin-audit-redis-'));
  redis = await startRedisServer();
  const args = (name: string) => ['--db', join(dir, 'myko.db'), '--redis', redis.url, '--audit-log', join(dir, name)];
  // One at a time: both migrate the same fresh SQLite file. Each writes its own audit file.
  instances.push(await startServeProcess(args('audit-a.log'), { MYKO_ADMIN_KEY: ADMIN_KEY }));
  instances.push(await startServeProcess(args('audit-b.log'), { MYKO_ADMIN_KEY: ADMIN_KEY }));
});
afterAll(() =>
  releaseAll(
    () => client?.close(),
    ...instances.map((instance) => async () => {
      killServeProcess(instance);
      await instance.exited;
    }),
    () => redis?.stop(),
    () => dir && rmSync(dir, { recursive: true, force: true }),
  ),
);

async function admin(origin: string, path: string): Promise<{ status: number; body: Json }> {
  const response = await fetch(new URL(path, origin), { headers: { Authorization: `Bearer ${ADMIN_KEY}` } });
  return { status: response.status, body: await response.json() };
}

it('finds on instance B the audit line of a command called on instance A (one Redis stream)', async () => {
  const [a, b] = instances;
  client = new Client({ name: 'admin-audit-redis-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', a.origin)));
  const note = `scale-out-${Date.now()}`;
  const code = `return myko.command('AdjustStock', { productId: 1, warehouseCode: 'BER', quantityDelta: 1, note: '${note}' });`;
  expect((await callExecute(client, code)).isError).toBe(false);

  let records: Json[] = [];
  for (let tries = 0; tries < 50 && records.length === 0; tries++) {
    const answer = await admin(b.origin, '/admin/audit?operation=command_AdjustStock&outcome=ok');
    expect(answer.status).toBe(200);
    records = answer.body.records;
    if (records.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(records).toEqual([expect.objectContaining({ operation: 'command_AdjustStock', transport: 'http' })]);
  // B wrote no such line itself: its file has none.
  expect(readFileSync(join(dir, 'audit-b.log'), 'utf8')).not.toContain('command_AdjustStock');
  // A's own query finds the same line; each instance answers the live view for itself.
  expect((await admin(a.origin, '/admin/audit?operation=command_AdjustStock')).body.records).toEqual(records);
  const [liveA, liveB] = await Promise.all([admin(a.origin, '/admin/live'), admin(b.origin, '/admin/live')]);
  expect(liveA.body.instance).not.toBe(liveB.body.instance);
  expect(liveA.body.principals.some((entry: Json) => entry.sessions === 1)).toBe(true);
  expect(liveB.body.principals.every((entry: Json) => entry.sessions === 0)).toBe(true);
});
