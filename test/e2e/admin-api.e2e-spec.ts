import { hashApiKey } from '@myko/access';
import { auditLines } from '../helpers/access-fixtures';
import { ADMIN_KEY, adminFetch, PROFILE_KEYS, startAdminServer, writeAdminConfig } from '../helpers/admin-fixtures';
import { allStarted, releaseAll } from '../helpers/releases';
import type { TestServer } from '../helpers/test-server';

jest.setTimeout(90_000);

const EXPLAIN = '/admin/access/explain';
const withAdmin = writeAdminConfig();
const withoutAdmin = writeAdminConfig({ admin: false });
const elsewhere = writeAdminConfig({ path: '/ops/console-api' });
let server: TestServer;
let plain: TestServer;
let moved: TestServer;

beforeAll(async () => {
  [server, plain, moved] = await allStarted([
    startAdminServer(withAdmin.path),
    startAdminServer(withoutAdmin.path),
    startAdminServer(elsewhere.path),
  ]);
});
afterAll(() =>
  releaseAll(
    () => server?.close(),
    () => plain?.close(),
    () => moved?.close(),
  ),
);

/** Nothing in an answer to a non-admin may name an operation. */
function expectNoOperationNames(body: unknown): void {
  expect(JSON.stringify(body)).not.toMatch(/(query|view|report|command)_[A-Z]/);
}

describe('admin API credentials', () => {
  it('refuses a request without a credential with 401 and a Bearer challenge', async () => {
    const answer = await adminFetch(server, `${EXPLAIN}?profile=ops`);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="myko-admin"');
    expectNoOperationNames(answer.body);
  });

  it('refuses an unknown key with 401 and an ordinary profile key with 403, on GET and POST, leaking nothing', async () => {
    const unknown = await adminFetch(server, `${EXPLAIN}?profile=ops`, { key: 'not-a-key' });
    expect(unknown.status).toBe(401);
    for (const key of Object.values(PROFILE_KEYS)) {
      const get = await adminFetch(server, `${EXPLAIN}?profile=warehouse`, { key });
      const post = await adminFetch(server, EXPLAIN, { key, body: { key, operation: 'command_CancelOrder' } });
      expect([get.status, post.status]).toEqual([403, 403]);
      expect(get.body).toEqual({ error: 'This API key is not an admin key' });
      expectNoOperationNames(get.body);
      expectNoOperationNames(post.body);
    }
  });

  it('is not mounted without admin keys (404), and MCP is served as before', async () => {
    const answer = await adminFetch(plain, `${EXPLAIN}?profile=ops`, { key: ADMIN_KEY });
    expect(answer.status).toBe(404);
    const health = await fetch(new URL('/health', plain.httpUrl));
    expect(health.status).toBe(200);
  });

  it('is served at the configured path instead of /admin', async () => {
    const there = await adminFetch(moved, '/ops/console-api/access/explain?profile=ops', { key: ADMIN_KEY });
    expect(there.status).toBe(200);
    expect(there.body.subject.profile).toBe('ops');
    expect((await adminFetch(moved, `${EXPLAIN}?profile=ops`, { key: ADMIN_KEY })).status).toBe(404);
  });

  it('writes one audit line per admin request with the principal, action and outcome', async () => {
    await adminFetch(server, `${EXPLAIN}?profile=support`, { key: ADMIN_KEY });
    await adminFetch(server, `${EXPLAIN}?profile=support`, { key: PROFILE_KEYS.support });
    const lines = auditLines(withAdmin.auditPath).filter((line) => line.kind === 'admin');
    const principal = `admin:${hashApiKey(ADMIN_KEY).slice('sha256:'.length, 'sha256:'.length + 12)}`;
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          principal,
          action: 'access.explain',
          outcome: 'ok',
          status: 200,
          target: 'profile:support',
        }),
        expect.objectContaining({ principal: null, action: 'access.explain', outcome: 'forbidden', status: 403 }),
        expect.objectContaining({ principal: null, outcome: 'unauthorized', status: 401 }),
      ]),
    );
  });
});

describe('access explained', () => {
  it('lists what a profile sees, with the rule that decided each, and what it does not see', async () => {
    const { status, body } = await adminFetch(server, `${EXPLAIN}?profile=ops`, { key: ADMIN_KEY });
    expect(status).toBe(200);
    expect(body.subject).toMatchObject({ profile: 'ops', via: 'profile' });
    expect(body.toolMode).toBe('code');
    const cancel = body.operations.find((op: { name: string }) => op.name === 'command_CancelOrder');
    expect(cancel).toEqual({
      name: 'command_CancelOrder',
      kind: 'command',
      visible: true,
      visibility: { visible: true, list: 'allow', pattern: 'command_CancelOrder', layer: 0 },
      callable: [{ list: 'allow', rule: 'command_CancelOrder', arguments: { warehouseCode: ['BER'] }, layer: 0 }],
      approval: { required: false },
    });
    const restock = body.operations.find((op: { name: string }) => op.name === 'command_RestockProduct');
    expect(restock.approval).toEqual({ required: true, rule: 'profiles.ops.approval: command_Restock*' });
    expect(body.hidden).toContainEqual({
      name: 'command_PlaceOrder',
      kind: 'command',
      visibility: { visible: false, list: 'allow', layer: 0 },
    });
  });

  it('resolves a key as the MCP endpoint does, and shows its quotas', async () => {
    const { body } = await adminFetch(server, EXPLAIN, { key: ADMIN_KEY, body: { key: PROFILE_KEYS.warehouse } });
    expect(body.subject).toMatchObject({ profile: 'warehouse', via: 'key' });
    expect(body.subject.keyId).toMatch(/^[0-9a-f]{12}$/);
    expect(body.quotas).toEqual({ runsAtOnce: { limit: 4, per: 'principal' } });
    const hidden = body.hidden.find((op: { name: string }) => op.name === 'command_DeactivateProduct');
    expect(hidden.visibility).toEqual({ visible: false, list: 'deny', pattern: 'command_Deactivate*', layer: 0 });
  });

  it('answers "can key K call command_CancelOrder with { warehouseCode }, and why not"', async () => {
    const ask = (args: object) =>
      adminFetch(server, EXPLAIN, {
        key: ADMIN_KEY,
        body: { key: PROFILE_KEYS.ops, operation: 'command_CancelOrder', args },
      });
    const ber = await ask({ orderId: 1, warehouseCode: 'BER' });
    expect(ber.body).toMatchObject({
      allowed: true,
      decidedBy: 'allowed',
      rule: 'profiles.ops.visibility.allow: command_CancelOrder',
    });
    const muc = await ask({ orderId: 1, warehouseCode: 'MUC' });
    expect(muc.body).toMatchObject({
      allowed: false,
      decidedBy: 'callability',
      rule: 'profiles.ops.callable.allow.command_CancelOrder.warehouseCode',
    });
    expect(muc.body.reason).toContain('is not in the allowed list');
    const hidden = await ask({ orderId: 1 });
    expect(hidden.body.decidedBy).toBe('callability');
  });

  it('refuses malformed questions with 400 and unknown subjects with 404', async () => {
    const keyInUrl = await adminFetch(server, `${EXPLAIN}?key=${PROFILE_KEYS.ops}`, { key: ADMIN_KEY });
    expect(keyInUrl.status).toBe(400);
    const both = await adminFetch(server, EXPLAIN, { key: ADMIN_KEY, body: { key: 'x', profile: 'ops' } });
    expect(both.status).toBe(400);
    const unknownKey = await adminFetch(server, EXPLAIN, { key: ADMIN_KEY, body: { key: 'nobody' } });
    expect(unknownKey.status).toBe(404);
    const unknownProfile = await adminFetch(server, `${EXPLAIN}?profile=nobody`, { key: ADMIN_KEY });
    expect(unknownProfile.status).toBe(404);
    const badArgs = await adminFetch(server, `${EXPLAIN}?profile=ops&operation=query_ListOrders&args=[1]`, {
      key: ADMIN_KEY,
    });
    expect(badArgs.status).toBe(400);
  });
});
