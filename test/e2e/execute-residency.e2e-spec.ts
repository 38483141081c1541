import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  type ExecuteOutcome,
  execute,
  type LoadServer,
  NEVER_SETTLES,
  refusal,
  startLoadServer,
  untilResident,
} from '../helpers/execute-load';
import type { TestServer } from '../helpers/test-server';

jest.setTimeout(120_000);

const WAIT_50 = "return (await myko.query('Wait', { ms: 50 })).waitedMs;";

/** Starts `count` never-settling scripts on `client`, each in flight (their outcomes are not awaited). */
function hang(client: Client, count = 1): Promise<ExecuteOutcome | undefined>[] {
  return Array.from({ length: count }, () => execute(client, NEVER_SETTLES, 60_000).catch(() => undefined));
}

describe('execute residency: scripts that only wait hold no CPU slot', () => {
  let load: LoadServer;

  beforeAll(async () => {
    load = await startLoadServer({ wallTimeMs: 60_000 });
  });
  afterAll(() => load?.close());

  it("50 sessions of scripts that never settle do not delay an honest client's execute", async () => {
    const { server, keys } = load;
    const honest = await load.open(keys.a);
    expect(await execute(honest, WAIT_50)).toEqual({ isError: false, text: '50' });
    const hangers = await Promise.all(Array.from({ length: 50 }, () => load.open()));
    const pending = hangers.flatMap((client) => hang(client));
    await untilResident(server, 50);

    // Before: both slots held for the hangers' whole wall clock (60 s here), the honest run queued behind.
    const startedAt = performance.now();
    expect(await execute(honest, WAIT_50)).toEqual({ isError: false, text: '50' });
    const parallel = "return (await Promise.all([1, 2, 3, 4, 5].map(() => myko.query('Wait', { ms: 200 })))).length;";
    expect(await execute(honest, parallel)).toEqual({ isError: false, text: '5' });
    expect(performance.now() - startedAt).toBeLessThan(10_000);

    await Promise.all(hangers.map((client) => client.close()));
    const outcomes = await Promise.all(pending);
    expect(outcomes.every((outcome) => outcome === undefined)).toBe(true);
  });
});

describe('execute residency caps per session, key and address', () => {
  let load: LoadServer;
  let server: TestServer;
  let keys: LoadServer['keys'];
  const open = (key?: string) => load.open(key);

  beforeAll(async () => {
    const caps = { maxRunsPerSession: 2, maxRunsPerKey: 3, maxRunsPerAddress: 3 };
    load = await startLoadServer({ wallTimeMs: 60_000, ...caps });
    ({ server, keys } = load);
  });
  afterAll(() => load?.close());

  it('refuses past each cap at once with a JSON-RPC error and a retry hint, and serves again once freed', async () => {
    // Per session: a third script of one session.
    const first = await open();
    hang(first, 2);
    await untilResident(server, 2);
    const perSession = await refusal(execute(first, 'return 1'));
    expect(perSession.code).toBe(-32029);
    expect(perSession.data).toEqual({ limit: 'execute-runs-per-session', retryAfterMs: 1_000 });
    expect(perSession.message).toMatch(/this session already has 2 scripts .* Nothing ran\. Retry/);

    // Per address: sessions without a key share their address's cap (3), fresh sessions included.
    const second = await open();
    hang(second);
    await untilResident(server, 3);
    const perAddress = await refusal(execute(await open(), 'return 1'));
    expect(perAddress.data).toEqual({ limit: 'execute-runs-per-address', retryAfterMs: 1_000 });

    // Per key: a key's sessions share its cap (3), whatever the address's count; another key is apart.
    const keyed = [await open(keys.a), await open(keys.a), await open(keys.a)];
    for (const client of keyed) hang(client);
    await untilResident(server, 6);
    const perKey = await refusal(execute(await open(keys.a), 'return 1'));
    expect(perKey.data).toEqual({ limit: 'execute-runs-per-key', retryAfterMs: 1_000 });
    expect(await execute(await open(keys.b), 'return 2')).toEqual({ isError: false, text: '2' });

    // Freed: once the first session's scripts end, a session of that address runs again.
    await first.close();
    const retried = await open();
    for (let i = 0; i < 50; i++) {
      const outcome = await execute(retried, 'return 3').catch((error: unknown) => error);
      if (!(outcome instanceof Error)) {
        expect(outcome).toEqual({ isError: false, text: '3' });
        return;
      }
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error('the address cap was not freed');
  });
});
