import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { hashApiKey } from '@myko/access';
import { createAppConfig } from '../../src/config/app.config';
import { auditLines } from '../helpers/access-fixtures';
import { ADMIN_KEY, ADMIN_PROFILES, adminFetch, PROFILE_KEYS } from '../helpers/admin-fixtures';
import { callExecute } from '../helpers/execute-tool';
import { releaseAll } from '../helpers/releases';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(90_000);

const COOLDOWN_MS = 20_000;
const SPIN = 'while (true) {}';
/** A restock `ops` must have approved: the run waits for the person, in flight, for as long as they take. */
const RESTOCK = `try {
  await myko.command('RestockProduct', { productId: 1, warehouseCode: 'BER', quantity: 2 });
  return 'ran';
} catch (e) { return e.code ?? e.message; }`;

/** `key:<16 hex>`: how the gateways and the backoff name the holder of an API key. */
const principalOf = (key: string) => `key:${hashApiKey(key).slice('sha256:'.length, 'sha256:'.length + 16)}`;

let server: TestServer;
let auditPath: string;
const clients: Client[] = [];

/** An SDK 1.x client over Streamable HTTP with an API key; `onElicit` answers approvals. */
async function connect(key: string, onElicit?: () => Promise<ElicitResult>): Promise<Client> {
  const client = new Client(
    { name: 'live-e2e', version: '1.0.0' },
    { capabilities: onElicit ? { elicitation: {} } : {} },
  );
  if (onElicit) client.setRequestHandler(ElicitRequestSchema, onElicit);
  const headers = { Authorization: `Bearer ${key}` };
  await client.connect(new StreamableHTTPClientTransport(server.httpUrl, { requestInit: { headers } }));
  clients.push(client);
  return client;
}

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON answers
type Json = any;

const admin = (path: string) => adminFetch(server, path, { key: ADMIN_KEY });
const live = async (): Promise<Json> => (await admin('/admin/live')).body;
const principalIn = (view: Json, principal: string): Json =>
  view.principals.find((entry: Json) => entry.principal === principal);

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'myko-admin-live-'));
  const configPath = join(dir, 'myko.config.json');
  auditPath = join(dir, 'audit.log');
  const sandbox = { cpuTimeMs: 100, abuseBackoff: { strikes: 3, windowMs: 60_000, cooldownMs: COOLDOWN_MS } };
  const config = {
    auth: { required: true },
    // `ops` may run one script at a time: a second one while the first waits is refused by the quota.
    profiles: { ...ADMIN_PROFILES, ops: { ...ADMIN_PROFILES.ops, quotas: { runsAtOnce: 1 } } },
    typeCheck: 'off',
    audit: { path: 'audit.log' },
    admin: { keys: [hashApiKey(ADMIN_KEY)] },
    sandbox,
  };
  writeFileSync(configPath, JSON.stringify(config));
  server = await startTestServer(
    createAppConfig('serve', { host: '127.0.0.1', port: 0, databasePath: ':memory:', configPath }, {}),
  );
});

afterAll(() => releaseAll(...clients.map((client) => () => client.close()), () => server?.close()));

describe('the live view (GET /admin/live)', () => {
  it('shows a run in flight with its principal, conversation, execution and age, and it is gone once it ended', async () => {
    let asked!: () => void;
    const waiting = new Promise<void>((resolve) => {
      asked = resolve;
    });
    let answer!: (result: ElicitResult) => void;
    const answered = new Promise<ElicitResult>((resolve) => {
      answer = resolve;
    });
    const ops = await connect(PROFILE_KEYS.ops, () => {
      asked();
      return answered;
    });
    const running = callExecute(ops, RESTOCK);
    await waiting;
    await new Promise((resolve) => setTimeout(resolve, 200));

    const view = await live();
    expect(view.instance).toMatch(/^[a-z0-9]{10}$/);
    expect(Date.parse(view.at)).toBeGreaterThan(Date.now() - 10_000);
    const entry = principalIn(view, principalOf(PROFILE_KEYS.ops));
    expect(entry).toMatchObject({ profile: 'ops', sessions: 1, connections: 0, lane: 'normal' });
    expect(entry.runs).toEqual([
      {
        conversation: expect.stringMatching(new RegExp(`^${principalOf(PROFILE_KEYS.ops)}/`)),
        executionId: expect.stringMatching(/^ex_/),
        startedAt: expect.any(String),
        ms: expect.any(Number),
      },
    ]);
    expect(entry.runs[0].ms).toBeGreaterThanOrEqual(200);
    expect(entry.quotas).toEqual({ runsAtOnce: { limit: 1, per: 'principal' } });

    // A second run of the same key while the first waits: refused by the quota, one guard line.
    const second = await connect(PROFILE_KEYS.ops);
    await expect(callExecute(second, 'return 1;')).rejects.toThrow(/Quota exceeded/);
    const refusals = await admin(`/admin/audit?kind=guard&outcome=refused&principal=${principalOf(PROFILE_KEYS.ops)}`);
    expect(refusals.body.records).toEqual([
      expect.objectContaining({
        event: 'refused',
        principal: principalOf(PROFILE_KEYS.ops),
        conversation: expect.stringMatching(new RegExp(`^${principalOf(PROFILE_KEYS.ops)}/`)),
        profile: 'ops',
        operation: 'execute',
        reason: 'quota.runsAtOnce',
        retryAfterMs: expect.any(Number),
      }),
    ]);
    expect(principalIn(await live(), principalOf(PROFILE_KEYS.ops)).sessions).toBe(2);

    answer({ action: 'decline' });
    expect((await running).isError).toBe(false);
    expect(principalIn(await live(), principalOf(PROFILE_KEYS.ops)).runs).toEqual([]);
  });

  it('shows a cooldown with its reason and end, and its guard lines are in the audit query', async () => {
    const support = principalOf(PROFILE_KEYS.support);
    const abuser = await connect(PROFILE_KEYS.support);
    for (let i = 0; i < 3; i++) expect((await callExecute(abuser, SPIN)).text).toContain('CPU time limit');
    const refused = await callExecute(abuser, 'return 1;');
    expect(refused.meta).toMatchObject({ limit: 'execute-abuse-backoff' });

    const entry = principalIn(await live(), support);
    expect(entry.cooldown).toEqual({
      level: 'conversation',
      conversation: expect.stringMatching(new RegExp(`^${support}/`)),
      reason: 'cpu',
      until: expect.any(String),
    });
    const left = Date.parse(entry.cooldown.until) - Date.now();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(COOLDOWN_MS);

    const { status, body } = await admin('/admin/audit?kind=guard');
    expect(status).toBe(200);
    expect(body.records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'guard',
          event: 'cooldown',
          principal: support,
          operation: 'execute',
          outcome: 'cooldown',
          level: 'conversation',
          reason: 'cpu',
          until: expect.any(String),
        }),
        expect.objectContaining({
          kind: 'guard',
          event: 'refused',
          principal: support,
          profile: 'support',
          reason: 'execute-abuse-backoff',
        }),
      ]),
    );
    // The line and the live view name the same end (the view reads it from the guard, rounded up to the ms).
    const started = body.records.find((record: Json) => record.event === 'cooldown');
    expect(Math.abs(Date.parse(started.until) - Date.parse(entry.cooldown.until))).toBeLessThan(1_000);
    // Newest first: the refusal came after the cooldown started.
    const events = body.records.map((record: Json) => record.event);
    expect(events.indexOf('refused')).toBeLessThan(events.indexOf('cooldown'));
    // The same lines are in the audit file, one JSON line each.
    expect(auditLines(auditPath).filter((line) => line.kind === 'guard')).toHaveLength(body.records.length);
  });
});

describe('the audit query (GET /admin/audit)', () => {
  it('filters by operation and principal, newest first, and pages with a cursor', async () => {
    const warehouse = await connect(PROFILE_KEYS.warehouse);
    const adjust = (delta: number) =>
      `return myko.command('AdjustStock', { productId: 1, warehouseCode: 'BER', quantityDelta: ${delta}, note: 'e2e' });`;
    for (const delta of [1, 2, 3]) expect((await callExecute(warehouse, adjust(delta))).isError).toBe(false);

    const byOperation = await admin('/admin/audit?operation=command_AdjustStock');
    expect(byOperation.status).toBe(200);
    expect(byOperation.body.records).toHaveLength(3);
    expect(byOperation.body.records[0]).toMatchObject({
      operation: 'command_AdjustStock',
      outcome: 'ok',
      profile: 'warehouse',
    });
    const times = byOperation.body.records.map((record: Json) => Date.parse(record.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const mine = await admin(
      `/admin/audit?operation=command_AdjustStock&principal=${principalOf(PROFILE_KEYS.warehouse)}`,
    );
    expect(mine.body.records).toHaveLength(3);
    const others = await admin(`/admin/audit?operation=command_AdjustStock&principal=${principalOf(PROFILE_KEYS.ops)}`);
    expect(others.body.records).toEqual([]);
    const byProfile = await admin('/admin/audit?principal=warehouse&kind=operation&outcome=ok');
    expect(byProfile.body.records).toHaveLength(3);

    const first = await admin('/admin/audit?operation=command_AdjustStock&limit=2');
    expect(first.body.records).toEqual(byOperation.body.records.slice(0, 2));
    expect(first.body.next).toEqual(expect.any(String));
    const second = await admin(`/admin/audit?operation=command_AdjustStock&limit=2&cursor=${first.body.next}`);
    expect(second.body.records).toEqual(byOperation.body.records.slice(2));
    expect(second.body.next).toBeUndefined();

    const since = new Date(Date.now() + 60_000).toISOString();
    expect((await admin(`/admin/audit?operation=command_AdjustStock&since=${since}`)).body.records).toEqual([]);
    const until = new Date(Date.parse(byOperation.body.records[2].time)).toISOString();
    const untilFirst = await admin(`/admin/audit?operation=command_AdjustStock&until=${until}`);
    expect(untilFirst.body.records).toEqual([byOperation.body.records[2]]);
  });

  it('audits each query as action audit.query, which the query itself finds', async () => {
    await admin('/admin/audit?kind=guard&limit=1');
    const { body } = await admin('/admin/audit?kind=admin&operation=audit.query&limit=1000');
    expect(body.records[0]).toMatchObject({ kind: 'admin', action: 'audit.query', outcome: 'ok', status: 200 });
    expect(body.records.length).toBeGreaterThanOrEqual(2);
    const reads = await admin('/admin/audit?operation=live.read&kind=admin');
    expect(reads.body.records.length).toBeGreaterThanOrEqual(1);
  });

  it('answers 400 to a bad time, limit, cursor or parameter, and audits it as invalid', async () => {
    for (const query of [
      'since=yesterday',
      'since=2026-13-45T00:00:00Z',
      'until=1700000000',
      'since=2026-05-02T00:00:00Z&until=2026-05-01T00:00:00Z',
      'limit=0',
      'limit=1001',
      'limit=ten',
      'cursor=bogus',
      'who=me',
    ]) {
      const { status, body } = await admin(`/admin/audit?${query}`);
      expect([query, status]).toEqual([query, 400]);
      expect(body.error).toEqual(expect.any(String));
    }
    const { body } = await admin('/admin/audit?kind=admin&operation=audit.query&outcome=invalid&limit=1');
    expect(body.records[0]).toMatchObject({ status: 400, reason: expect.stringContaining('Unknown parameter who') });
  });
});

describe('admin credentials on the live view and the audit query', () => {
  it('refuses both without a credential (401) and with an ordinary key (403), answering nothing else', async () => {
    for (const path of ['/admin/live', '/admin/audit', '/admin/audit?since=bad']) {
      const anonymous = await adminFetch(server, path);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="myko-admin"');
      const ordinary = await adminFetch(server, path, { key: PROFILE_KEYS.ops });
      expect(ordinary.status).toBe(403);
      expect(Object.keys(ordinary.body)).toEqual(['error']);
      expect(JSON.stringify(ordinary.body)).not.toMatch(/key:|records|principals/);
    }
  });
});
