/** A sustained rate of tasks per key with a burst on top (a token bucket per key). */
export interface KeyRate {
  /** Tasks per second one key may start, sustained. */
  readonly perSecond: number;
  /** Tasks one key may start at once after being idle. */
  readonly burst: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * One token bucket per key. Why: round-robin turns bound how long a flood delays another client's next task,
 * but not how much of the main thread (and the garbage it leaves for everyone's GC pauses) one client may
 * take while others are idle; a rate per key bounds that share. A key that has been idle long enough to
 * refill is forgotten, so the map holds only keys active within `burst / perSecond` seconds.
 */
export class KeyRateBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly rate: KeyRate,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Whether `key` may start a task now. */
  allows(key: string): boolean {
    return this.tokens(key) >= 1;
  }

  /** Spends one of `key`'s tokens (after `allows`). */
  take(key: string): void {
    const tokens = this.tokens(key);
    this.buckets.set(key, { tokens: tokens - 1, at: this.now() });
  }

  /** Milliseconds until `key` has a token again (0: it has one now). */
  waitMs(key: string): number {
    const missing = 1 - this.tokens(key);
    return missing <= 0 ? 0 : Math.ceil((missing / this.rate.perSecond) * 1000);
  }

  private tokens(key: string): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return this.rate.burst;
    const refilled = bucket.tokens + ((this.now() - bucket.at) / 1000) * this.rate.perSecond;
    if (refilled < this.rate.burst) return refilled;
    this.buckets.delete(key);
    return this.rate.burst;
  }
}
