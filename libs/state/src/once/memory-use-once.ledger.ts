import type { UseOnceLedger } from './use-once-ledger.interface';

/**
 * Uses recorded in this process, each until its token expires (then the token is refused as expired
 * anyway). Uses are kept in claim order and dropped from the oldest on, so memory follows the tokens
 * still valid, not every token ever used.
 */
export class MemoryUseOnceLedger implements UseOnceLedger {
  readonly shared = false;
  private readonly used = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  async claim(id: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    this.forgetExpired(now);
    const until = this.used.get(id);
    if (until !== undefined && until > now) return false;
    this.used.delete(id);
    this.used.set(id, now + ttlMs);
    return true;
  }

  /** How many uses are remembered now. */
  get size(): number {
    return this.used.size;
  }

  private forgetExpired(now: number): void {
    for (const [id, until] of this.used) {
      // Claim order is close to expiry order; a longer-lived use ahead only delays the sweep behind it.
      if (until > now) return;
      this.used.delete(id);
    }
  }
}
