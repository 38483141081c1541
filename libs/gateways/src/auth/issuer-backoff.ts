/** The first wait after an issuer fails, doubled per failure in a row up to the maximum. */
export const ISSUER_BACKOFF_MIN_MS = 1_000;
export const ISSUER_BACKOFF_MAX_MS = 30_000;

/**
 * The negative cache of one issuer: after a failed fetch (JWKS or discovery) nothing is fetched from
 * it until the wait is over, 1 s doubling to at most 30 s while failures continue; one success resets
 * it. So no request rate reaches a struggling IdP: at most one fetch per window, whatever the load.
 */
export class IssuerBackoff {
  private failures = 0;
  private until = 0;

  constructor(
    private readonly minMs = ISSUER_BACKOFF_MIN_MS,
    private readonly maxMs = ISSUER_BACKOFF_MAX_MS,
  ) {}

  /** Milliseconds until the issuer may be asked again; 0 when it may be now. */
  remainingMs(now = Date.now()): number {
    return Math.max(0, this.until - now);
  }

  /** One fetch failed: the next waits twice as long as the last (capped). */
  failed(now = Date.now()): void {
    const wait = Math.min(this.maxMs, this.minMs * 2 ** Math.min(this.failures, 30));
    this.failures += 1;
    this.until = now + wait;
  }

  succeeded(): void {
    this.failures = 0;
    this.until = 0;
  }
}
