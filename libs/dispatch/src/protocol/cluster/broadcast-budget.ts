/** Broadcasts one session may cause per window (its `notifications/cancelled` that match nothing here). */
export const SESSION_BROADCASTS_PER_WINDOW = 20;
export const BROADCAST_WINDOW_MS = 1_000;

/**
 * How many messages to every instance one session may cause per second. A notification is not
 * rate-limited at the edge, and a cancellation that matches no request here goes to all instances:
 * without a budget, a client sending cancellations in a loop would make each instance do the work.
 * Only sessions that broadcast in the current window are kept.
 */
export class BroadcastBudget {
  private windowStart = 0;
  private readonly used = new Map<string, number>();

  constructor(
    private readonly perWindow = SESSION_BROADCASTS_PER_WINDOW,
    private readonly windowMs = BROADCAST_WINDOW_MS,
  ) {}

  /** Takes one broadcast of the session's budget; false when it is spent for this window. */
  take(sessionId: string, now = Date.now()): boolean {
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.used.clear();
    }
    const used = this.used.get(sessionId) ?? 0;
    if (used >= this.perWindow) return false;
    this.used.set(sessionId, used + 1);
    return true;
  }
}
