/** How a `TokenBucketLimiter` refills and how many keys it remembers. */
export interface TokenBucketOptions {
  /** Tokens added per second. */
  ratePerSecond: number;
  /** Bucket capacity (the largest burst). */
  burst: number;
  /** Buckets kept at most; beyond it the least recently used ones are forgotten. @default 10_000 */
  maxKeys?: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** Full buckets hold no information; they are swept at most this often. */
const SWEEP_EVERY_MS = 60_000;

/**
 * One token bucket per key (a principal: API key or token identity, else a client address). A key starts with a full
 * bucket; each admitted request takes a token. Memory is bounded: a bucket that has refilled is the
 * same as no bucket and is dropped, and at most `maxKeys` are kept (least recently used first out).
 */
export class TokenBucketLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly maxKeys: number;
  private lastSweep = 0;

  constructor(private readonly options: TokenBucketOptions) {
    this.maxKeys = options.maxKeys ?? 10_000;
  }

  /** Takes one token: 0 when admitted, else the milliseconds until a token will be there. */
  take(key: string, now = Date.now()): number {
    this.sweep(now);
    const bucket = this.refilled(key, now);
    // Re-inserted on every use, so Map order is least recently used first.
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      this.evictOverflow();
      return 0;
    }
    return Math.ceil(((1 - bucket.tokens) * 1000) / this.options.ratePerSecond);
  }

  get size(): number {
    return this.buckets.size;
  }

  private refilled(key: string, now: number): Bucket {
    const bucket = this.buckets.get(key);
    if (!bucket) return { tokens: this.options.burst, updatedAt: now };
    const elapsed = Math.max(0, now - bucket.updatedAt);
    bucket.tokens = Math.min(this.options.burst, bucket.tokens + (elapsed * this.options.ratePerSecond) / 1000);
    bucket.updatedAt = now;
    return bucket;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    const { burst, ratePerSecond } = this.options;
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.updatedAt) * ratePerSecond) / 1000 >= burst) this.buckets.delete(key);
    }
  }

  private evictOverflow(): void {
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= this.maxKeys) return;
      this.buckets.delete(key);
    }
  }
}
