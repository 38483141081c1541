/** One bucket's level and when it was last refilled. */
export interface BucketLevel {
  readonly tokens: number;
  readonly updatedAt: number;
}

/**
 * Refills the bucket for the time since its last use and takes one token: `waitMs` 0 when taken,
 * else how long until one is there. The same arithmetic as the Lua script of the Redis stores.
 */
export function takeToken(
  bucket: BucketLevel,
  rate: { readonly ratePerSecond: number; readonly burst: number },
  now: number,
): { bucket: BucketLevel; waitMs: number } {
  const elapsed = Math.max(0, now - bucket.updatedAt);
  const tokens = Math.min(rate.burst, bucket.tokens + (elapsed * rate.ratePerSecond) / 1000);
  if (tokens >= 1) return { bucket: { tokens: tokens - 1, updatedAt: now }, waitMs: 0 };
  return { bucket: { tokens, updatedAt: now }, waitMs: Math.ceil(((1 - tokens) * 1000) / rate.ratePerSecond) };
}
