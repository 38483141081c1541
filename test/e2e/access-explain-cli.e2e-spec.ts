import { ADMIN_KEY, adminFetch, PROFILE_KEYS, startAdminServer, writeAdminConfig } from '../helpers/admin-fixtures';
import { finished, launch } from '../helpers/launcher-run';
import { overlappedRuns } from '../helpers/overlapped-runs';
import type { TestServer } from '../helpers/test-server';

jest.setTimeout(120_000);

const config = writeAdminConfig({ oauth: true });

/** `bin/myko-nest access explain --config … <args>`, each distinct run started once (see `beforeAll`). */
const explain = overlappedRuns((args) => finished(launch(['access', 'explain', '--config', config.path, ...args])));

const POINT_QUESTIONS = [
  { who: 'ops', operation: 'command_CancelOrder', args: { orderId: 1, warehouseCode: 'BER' } },
  { who: 'ops', operation: 'command_CancelOrder', args: { orderId: 1, warehouseCode: 'MUC' } },
  { who: 'support', operation: 'command_CancelOrder', args: { orderId: 1 } },
  { who: 'warehouse', operation: 'query_ListOrders', args: { warehouseCode: 'ham' } },
  { who: 'warehouse', operation: 'command_RestockProduct', args: { productId: 1, warehouseCode: 'MUC', quantity: 2 } },
] as const;
const pointArgs = ({ who, operation, args }: (typeof POINT_QUESTIONS)[number]) => [
  '--key',
  PROFILE_KEYS[who],
  '--operation',
  operation,
  '--args',
  JSON.stringify(args),
];
const CLAIMS = { scope: 'openid myko:ops', sub: 'agent-7' };
const CLAIMS_ARGS = [
  '--claims',
  JSON.stringify(CLAIMS),
  '--operation',
  'command_CancelOrder',
  '--args',
  '{"orderId":2,"warehouseCode":"BER"}',
];

let server: TestServer;
beforeAll(async () => {
  // Every run the tests compare starts now, beside the server: each boots the operations on its own (seconds),
  // and they overlap instead of adding up. The tests await them, each its own.
  for (const question of POINT_QUESTIONS) void explain(pointArgs(question));
  void explain(['--profile', 'warehouse']);
  void explain(CLAIMS_ARGS);
  void explain(['--profile', 'nobody']);
  server = await startAdminServer(config.path);
});
afterAll(() => server?.close());

/** `bin/myko-nest access explain --config … <args>`: its exit code and parsed JSON answer. */
async function cli(args: string[]) {
  const run = await explain(args);
  let answer: unknown;
  try {
    answer = JSON.parse(run.stdout);
  } catch {
    throw new Error(`not JSON (exit ${run.code}): ${run.stdout}\n${run.stderr}`);
  }
  return { code: run.code, answer };
}

describe('myko-nest access explain prints what the admin API answers', () => {
  it.each(POINT_QUESTIONS)('$who: $operation $args', async (question) => {
    const { who, operation, args } = question;
    const key = PROFILE_KEYS[who];
    const api = await adminFetch(server, '/admin/access/explain', { key: ADMIN_KEY, body: { key, operation, args } });
    expect(api.status).toBe(200);
    const printed = await cli(pointArgs(question));
    expect(printed.answer).toEqual(api.body);
    expect(printed.code).toBe(api.body.allowed ? 0 : 1);
  });

  it('explains a whole profile as the API does', async () => {
    const api = await adminFetch(server, '/admin/access/explain?profile=warehouse', { key: ADMIN_KEY });
    const printed = await cli(['--profile', 'warehouse']);
    expect(printed).toEqual({ code: 0, answer: api.body });
  });

  it('explains token claims by the oauth.profiles rules, as the API does', async () => {
    const api = await adminFetch(server, '/admin/access/explain', {
      key: ADMIN_KEY,
      body: { claims: CLAIMS, operation: 'command_CancelOrder', args: { orderId: 2, warehouseCode: 'BER' } },
    });
    expect(api.body).toMatchObject({ subject: { profile: 'ops', via: 'claims' }, allowed: true });
    const printed = await cli(CLAIMS_ARGS);
    expect(printed).toEqual({ code: 0, answer: api.body });
    const unmatched = await adminFetch(server, '/admin/access/explain', {
      key: ADMIN_KEY,
      body: { claims: { scope: 'x' } },
    });
    expect(unmatched.status).toBe(404);
  });

  it('says what is wrong with an unknown profile, exit code 2', async () => {
    const run = await explain(['--profile', 'nobody']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Unknown access profile "nobody" (known: support, ops, warehouse, reader)');
  });
});
