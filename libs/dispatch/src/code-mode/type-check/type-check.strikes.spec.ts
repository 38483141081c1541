import { DispatchHarness } from '../../__fixtures__/dispatch.harness';
import { typeBomb } from './__fixtures__/type-bomb.fixture';

/** A command, then a certain type error: under strict, nothing of it may run unless it was judged first. */
const BOMB = typeBomb(
  "await myko.command('Tick');\nconst o = await myko.query('GetOrders', { customerId: 7 });\no.total;",
);

/** `execute` with a type checker that cannot judge a type bomb in time (300 ms), for clients by their key. */
describe('execute with a type bomb', () => {
  let harness: DispatchHarness;
  const as = (key: string) => ({ ...harness.client(), clientId: `key:${key}` });

  beforeAll(async () => {
    const abuseBackoff = { strikes: 2, windowMs: 60_000, cooldownMs: 60_000 };
    harness = await DispatchHarness.create({
      execute: {
        typeCheck: 'strict',
        typeCheckTimeoutMs: 300,
        typeCheckWorkers: 1,
        typeCheckQueuePerClient: 1,
        abuseBackoff,
      },
    });
  });
  afterAll(() => harness.close());

  it('under strict, runs none of a script the checker could not judge: not its command', async () => {
    const result = await harness.callTool('execute', { code: BOMB }, as('first'));
    expect(harness.shop.ticks).toBe(0);
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/^Type check timed out \(nothing ran\)/);
  }, 30_000);

  it("counts a timed-out check as the sender's strike: its cooldown, for that client only", async () => {
    const bomber = as('bomber');
    for (let i = 0; i < 2; i++) await harness.callTool('execute', { code: BOMB }, bomber);
    const refused = await harness.callTool('execute', { code: 'return 1;' }, bomber);
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toMatch(/type check's time limit/);
    expect(await harness.callTool('execute', { code: 'return 1;' }, as('honest'))).toEqual({
      content: [{ type: 'text', text: '1' }],
    });
    expect(harness.shop.ticks).toBe(0);
  }, 30_000);

  it("refuses a check past its client's share of the queue at once, retryable, and runs nothing", async () => {
    const client = as('queued');
    const calls = [1, 2, 3].map(() =>
      harness.request('tools/call', { name: 'execute', arguments: { code: BOMB } }, client),
    );
    const [, , third] = await Promise.all(calls);
    expect(third).toMatchObject({
      error: { code: -32029, data: { limit: 'execute-type-check-busy', retryAfterMs: 300 } },
    });
    expect(harness.shop.ticks).toBe(0);
  }, 30_000);
});
