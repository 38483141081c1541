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
  const rule = { strikes: 3, windowMs: 10_000, cooldownMs: 1_000, maxCooldownMs: 4_000 };

  it('cools a client down on every instance once its strikes reach the threshold, doubling each time', async () => {
    const a = new RedisAbuseBackoff(one);
    const b = new RedisAbuseBackoff(two);
    const t = 1_000_000;
    expect(await a.strike('key:k1', rule, t)).toBe(0);
    expect(await b.strike('key:k1', rule, t + 10)).toBe(0);
    expect(await a.strike('key:k1', rule, t + 20)).toBe(1_000);
    expect(await b.cooldownLeft('key:k1', t + 520)).toBe(500);
    expect(await a.cooldownLeft('key:other', t + 520)).toBe(0);
    for (const at of [t + 2_000, t + 2_010]) expect(await b.strike('key:k1', rule, at)).toBe(0);
    expect(await a.strike('key:k1', rule, t + 2_020)).toBe(2_000);
    expect(await a.cooldownLeft('key:k1', t + 5_000)).toBe(0);
  });

  it('forgets strikes older than the window, and starts from the first cooldown after good behaviour', async () => {
    const a = new RedisAbuseBackoff(one);
    const t = 2_000_000;
    await a.strike('key:k2', rule, t);
    await a.strike('key:k2', rule, t + 1);
    // The window has passed: the two strikes no longer count.
    expect(await a.strike('key:k2', rule, t + 10_001)).toBe(0);
    expect(await a.strike('key:k2', rule, t + 10_002)).toBe(0);
    expect(await a.strike('key:k2', rule, t + 10_003)).toBe(1_000);
    for (const at of [t + 11_010, t + 11_011]) await a.strike('key:k2', rule, at);
    expect(await a.strike('key:k2', rule, t + 11_012)).toBe(2_000);
    // More than the longest cooldown of good behaviour: back to the first.
    const later = t + 11_012 + 2_000 + 4_001;
    for (const at of [later, later + 1]) await a.strike('key:k2', rule, at);
    expect(await a.strike('key:k2', rule, later + 2)).toBe(1_000);
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
