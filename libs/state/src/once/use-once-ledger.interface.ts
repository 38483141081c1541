/**
 * Marks tokens as used, once: what makes a 2026-07-28 `requestState` good for one retry. Shared by
 * every instance on Redis, so two instances behind a balancer cannot both accept one token.
 * @publicApi
 */
export interface UseOnceLedger {
  /** True when shared by every instance (Redis), false for this process alone. */
  readonly shared: boolean;
  /**
   * Records the use of `id` for `ttlMs` (how long the token stays valid): true for the first use,
   * false for any later one. Throws `StateUnavailableError` while Redis is unreachable, so an unchecked
   * use is never accepted.
   */
  claim(id: string, ttlMs: number): Promise<boolean>;
}
