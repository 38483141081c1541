import { TokenBucketLimiter } from './token-bucket.limiter';

describe('TokenBucketLimiter', () => {
  it('admits a burst, then refuses with the time until the next token, then refills', () => {
    const limiter = new TokenBucketLimiter({ ratePerSecond: 2, burst: 3 });
    const t = 1_000_000;
    expect([limiter.take('a', t), limiter.take('a', t), limiter.take('a', t)]).toEqual([0, 0, 0]);
    expect(limiter.take('a', t)).toBe(500);
    expect(limiter.take('a', t + 250)).toBe(250);
    expect(limiter.take('a', t + 500)).toBe(0);
  });

  it('keeps one bucket per key', () => {
    const limiter = new TokenBucketLimiter({ ratePerSecond: 1, burst: 1 });
    expect(limiter.take('a', 0)).toBe(0);
    expect(limiter.take('a', 0)).toBeGreaterThan(0);
    expect(limiter.take('b', 0)).toBe(0);
  });

  it('never holds more than maxKeys buckets, forgetting the least recently used', () => {
    const limiter = new TokenBucketLimiter({ ratePerSecond: 1, burst: 1, maxKeys: 100 });
    for (let i = 0; i < 10_000; i += 1) limiter.take(`addr-${i}`, 5);
    expect(limiter.size).toBe(100);
    expect(limiter.take('addr-9999', 5)).toBeGreaterThan(0);
  });

  it('drops buckets that have refilled (they hold no information)', () => {
    const limiter = new TokenBucketLimiter({ ratePerSecond: 10, burst: 10 });
    for (let i = 0; i < 50; i += 1) limiter.take(`addr-${i}`, 100_000);
    expect(limiter.size).toBe(50);
    limiter.take('late', 100_000 + 120_000);
    expect(limiter.size).toBe(1);
  });
});
