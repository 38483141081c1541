import { ClientFilters } from '@myko/filter';
import { Command, type OperationContext } from '@myko/registry';
import { StateModule } from '@myko/state';
import { Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { type RedisServer, startRedisServer } from '../../../../../test/helpers/redis-server';
import { DispatchHarness, type Json } from '../../__fixtures__/dispatch.harness';
import type { ClientContext } from '../../interfaces/client-context.interface';
import { modernHttpStatus } from './era-http-status';

/** A command that runs only once the user approved it: what a replayed final round must not run again. */
@Injectable()
class ApprovedOperations {
  approved = 0;

  @Command({ description: 'Count one approved change, after asking the user', output: Number })
  async ApprovedChange(_args: object, ctx: OperationContext): Promise<number> {
    const answer = await ctx.elicit?.({
      message: 'Apply the change?',
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    if (answer?.action !== 'accept') return -1;
    return ++this.approved;
  }
}

const META = 'io.modelcontextprotocol';
const _meta = { [`${META}/protocolVersion`]: '2026-07-28', [`${META}/clientCapabilities`]: { elicitation: {} } };
const accept = { action: 'accept', content: { ok: true } };
const SCRIPT = "return await myko.command('ApprovedChange');";
const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);

/** The first round of the script for `who`, and the retry that answers it with that state. */
function mrtr(harness: DispatchHarness) {
  const execute = (who: ClientContext, extra: Record<string, unknown> = {}) =>
    harness.request('tools/call', { name: 'execute', arguments: { code: SCRIPT }, ...extra, _meta }, who);
  return async (who: ClientContext) => {
    const first: Json = await execute(who);
    expect(first.result).toMatchObject({ resultType: 'input_required' });
    const [key] = Object.keys(first.result.inputRequests);
    const extra = { inputResponses: { [key]: accept }, requestState: first.result.requestState };
    return (as: ClientContext = who): Promise<Json> => execute(as, extra);
  };
}

describe('requestState is bound to the caller and used once', () => {
  let harness: DispatchHarness;
  let operations: ApprovedOperations;
  let start: ReturnType<typeof mrtr>;
  const caller = (principal?: string, identity?: string): ClientContext => ({
    ...harness.client(ClientFilters.ALLOW_ALL),
    principal,
    ...(identity ? { identity } : {}),
  });

  beforeAll(async () => {
    harness = await DispatchHarness.create({ requestState: { ttlSeconds: 60 } }, [ApprovedOperations]);
    operations = harness.moduleRef.get(ApprovedOperations);
    start = mrtr(harness);
  });
  afterAll(() => harness.close());

  it("refuses another key of the same profile, and runs nothing; the issuing key's retry still works", async () => {
    const retry = await start(caller('ops', KEY_A));
    const before = operations.approved;
    expect(await retry(caller('ops', KEY_B))).toMatchObject({ error: { code: -32602, message: /another client/ } });
    expect(await retry(caller('ops'))).toMatchObject({ error: { code: -32602, message: /another client/ } });
    expect(operations.approved).toBe(before);
    const done = await retry(caller('ops', KEY_A));
    expect(done.result.resultType).toBe('complete');
    expect(operations.approved).toBe(before + 1);
  });

  it('lets any keyless client of the same profile continue, as its sessions', async () => {
    const retry = await start(caller('ops'));
    expect((await retry(caller('ops'))).result.resultType).toBe('complete');
  });

  it('runs the approved command of a final round replayed three times once; later uses are refused', async () => {
    const retry = await start(caller('ops', KEY_A));
    const before = operations.approved;
    const answers = [await retry(), await retry(), await retry()];
    expect(answers[0].result.resultType).toBe('complete');
    for (const again of answers.slice(1)) {
      expect(again).toMatchObject({ error: { code: -32602, message: /already been used/ } });
    }
    expect(operations.approved).toBe(before + 1);
  });

  it('lets only one of two replays sent at once run', async () => {
    const retry = await start(caller('ops', KEY_A));
    const before = operations.approved;
    const answers = await Promise.all([retry(), retry()]);
    expect(answers.filter((answer) => answer.result?.resultType === 'complete')).toHaveLength(1);
    expect(answers.filter((answer) => /already been used/.test(answer.error?.message))).toHaveLength(1);
    expect(operations.approved).toBe(before + 1);
  });

  it('does not spend a state when a foreign caller presents it', async () => {
    const retry = await start(caller('ops', KEY_A));
    await retry(caller('support', KEY_A));
    await retry(caller('ops', KEY_B));
    expect((await retry()).result.resultType).toBe('complete');
  });
});

describe('requestState use on Redis', () => {
  let redis: RedisServer;
  let harness: DispatchHarness;
  let operations: ApprovedOperations;

  beforeAll(async () => {
    redis = await startRedisServer();
    harness = await DispatchHarness.create(
      { requestState: { ttlSeconds: 60 } },
      [ApprovedOperations],
      [StateModule.forRoot({ redis: { url: redis.url } })],
    );
    operations = harness.moduleRef.get(ApprovedOperations);
  });
  afterAll(async () => {
    await harness?.close();
    await redis?.stop();
  });

  it('records the use in Redis, expiring with the state, and fails closed (-32010) while Redis is down', async () => {
    const client = (): ClientContext => ({ ...harness.client(), principal: 'ops', identity: KEY_A });
    const start = mrtr(harness);
    const first = await start(client());
    expect((await first()).result.resultType).toBe('complete');
    expect(await first()).toMatchObject({ error: { message: /already been used/ } });
    const probe = new Redis(redis.url);
    const keys = await probe.keys('myko:request-state:used:*');
    expect(keys).toHaveLength(1);
    const ttl = await probe.pttl(keys[0]);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    probe.disconnect();
    const second = await start(client());
    const before = operations.approved;
    await redis.stop();
    const refused = await second();
    expect(refused).toMatchObject({ error: { code: -32010, data: { retryable: true } } });
    expect(modernHttpStatus(refused)).toBe(503);
    expect(operations.approved).toBe(before);
  });
});
