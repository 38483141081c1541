import { type RedisServer, startRedisServer } from '../../../../test/helpers/redis-server';
import { releaseAll } from '../../../../test/helpers/releases';
import { connectRedis } from '../redis/redis-connection.factory';
import { RedisStateClient } from '../redis/redis-state.client';
import { RedisAbuseBackoff } from './abuse-backoff.store';
import { RedisRateLimiter } from './rate-limit.store';

let server: RedisServer;
/** Two connections, as two instances would hold. */
let one: RedisStateClient;
let two: RedisStateClient;

beforeAll(async () => {
  server = await startRedisServer();
  one = new RedisStateClient(await connectRedis({ url: server.url }), server.url);
  two = new RedisStateClient(await connectRedis({ url: server.url }), server.url);
});

afterAll(() =>
  releaseAll(
    () => one?.redis.disconnect(),
    () => two?.redis.disconnect(),
    () => server?.stop(),
  ),
);

describe('the shared abuse backoff', () => {
  const rule = {
    strikes: 3,
    windowMs: 10_000,
    cooldownMs: 1_000,
    maxCooldownMs: 4_000,
    principalConversations: 0,
    principalStrikes: 0,
  };
  /** Conversation `name` of principal `principal`. */
  const party = (name: string, principal = 'key:k1') => ({ principal, conversation: `${principal}/${name}` });

  it('cools a conversation down on every instance once its strikes reach the threshold, doubling each time', async () => {
    const a = new RedisAbuseBackoff(one);
    const b = new RedisAbuseBackoff(two);
    const t = 1_000_000;
    const s = party('s');
    expect(await a.strike(s, rule, t)).toEqual({ conversation: 0, principal: 0 });
    expect((await b.strike(s, rule, t + 10)).conversation).toBe(0);
    expect((await a.strike(s, rule, t + 20)).conversation).toBe(1_000);
    expect(await b.cooldownLeft(s, t + 520)).toEqual({ conversation: 500, principal: 0 });
    expect(await a.cooldownLeft(party('other'), t + 520)).toEqual({ conversation: 0, principal: 0 });
    // Runs ending during the cooldown are not a new offence.
    expect((await b.strike(s, rule, t + 600)).conversation).toBe(0);
    for (const at of [t + 2_000, t + 2_010]) expect((await b.strike(s, rule, at)).conversation).toBe(0);
    expect((await a.strike(s, rule, t + 2_020)).conversation).toBe(2_000);
    expect((await a.cooldownLeft(s, t + 5_000)).conversation).toBe(0);
  });

  it('forgets strikes older than the window, and starts from the first cooldown after good behaviour', async () => {
    const a = new RedisAbuseBackoff(one);
    const t = 2_000_000;
    const s = party('s', 'key:k2');
    const length = async (at: number) => (await a.strike(s, rule, at)).conversation;
    await length(t);
    await length(t + 1);
    // The window has passed: the two strikes no longer count.
    expect(await length(t + 10_001)).toBe(0);
    expect(await length(t + 10_002)).toBe(0);
    expect(await length(t + 10_003)).toBe(1_000);
    for (const at of [t + 11_010, t + 11_011]) await length(at);
    expect(await length(t + 11_012)).toBe(2_000);
    // More than the longest cooldown of good behaviour: back to the first.
    const later = t + 11_012 + 2_000 + 4_001;
    for (const at of [later, later + 1]) await length(at);
    expect(await length(later + 2)).toBe(1_000);
  });

  it('pauses the principal on every instance once enough of its conversations cooled down, once', async () => {
    const a = new RedisAbuseBackoff(one);
    const b = new RedisAbuseBackoff(two);
    const twoLevels = { ...rule, principalConversations: 2, principalStrikes: 0 };
    const t = 3_000_000;
    for (let i = 0; i < 3; i++) await a.strike(party('x', 'key:k3'), twoLevels, t + i);
    expect(await b.cooldownLeft(party('y', 'key:k3'), t + 10)).toEqual({ conversation: 0, principal: 0 });
    for (let i = 0; i < 2; i++) await b.strike(party('y', 'key:k3'), twoLevels, t + 10 + i);
    expect(await a.strike(party('y', 'key:k3'), twoLevels, t + 20)).toEqual({
      conversation: 1_000,
      principal: 1_000,
      principalCause: 'conversations',
    });
    expect(await b.cooldownLeft(party('z', 'key:k3'), t + 520)).toEqual({ conversation: 0, principal: 500 });
    expect(await a.strike(party('z', 'key:k3'), twoLevels, t + 530)).toEqual({ conversation: 0, principal: 0 });
    expect(await a.cooldownLeft(party('z', 'key:k4'), t + 520)).toEqual({ conversation: 0, principal: 0 });
  });

  it('pauses a principal that rotates conversations at its strikes over all of them', async () => {
    const a = new RedisAbuseBackoff(one);
    const byStrikes = { ...rule, principalConversations: 2, principalStrikes: 4 };
    const t = 4_000_000;
    for (let i = 0; i < 3; i++)
      expect(await a.strike(party(`s${i}`, 'key:k5'), byStrikes, t + i)).toMatchObject({ principal: 0 });
    expect(await a.strike(party('s3', 'key:k5'), byStrikes, t + 3)).toEqual({
      conversation: 0,
      principal: 1_000,
      principalCause: 'strikes',
    });
  });
});

describe('the shared rate limiter', () => {
  it('draws one bucket per key from every instance, refilling at the rate', async () => {
    const a = new RedisRateLimiter(one);
    const b = new RedisRateLimiter(two);
    const t = 3_000_000;
    expect(await a.take('key:r', 2, 2, t)).toBe(0);
    expect(await b.take('key:r', 2, 2, t)).toBe(0);
    expect(await a.take('key:r', 2, 2, t)).toBe(500);
    expect(await b.take('key:r', 2, 2, t + 250)).toBe(250);
    expect(await b.take('key:r', 2, 2, t + 500)).toBe(0);
    expect(await a.take('key:other', 2, 2, t)).toBe(0);
  });
});
