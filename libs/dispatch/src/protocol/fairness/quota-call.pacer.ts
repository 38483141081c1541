import type { ProfileQuotas, QuotaLimit } from '@myko/access';
import type { ClientContext } from '../../interfaces/client-context.interface';
import { conversationOf, principalOf } from './work-identity';

/** Keys idle this long are forgotten on the next sweep (their budget is full again long before). */
const SWEEP_EVERY_MS = 60_000;

/**
 * The `callsPerSecond` quota of an access profile (`profiles.<name>.quotas.callsPerSecond`), per principal or per
 * conversation: each `myko.*` call reserves the next slot of its own budget (a token bucket holding one second's
 * calls, as a generic cell rate), and waits until it comes. Why a wait and not a refusal: a call is one step
 * inside a script that may already have written; failing it mid-way leaves the model half a result, where a
 * slower call only makes the script slower, and its own timeout still bounds it. No quota, no wait.
 */
export class QuotaCallPacer {
  /** Per key: when its next call may start without waiting, had it no burst left (ms, `now()`'s clock). */
  private readonly due = new Map<string, number>();
  private lastSweep = 0;

  constructor(
    private readonly quotas: Readonly<Record<string, ProfileQuotas>>,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Milliseconds the next call of `client` waits (0: none); its slot is taken. */
  reserve(client: ClientContext): number {
    const quota = client.principal === undefined ? undefined : this.quotas[client.principal]?.callsPerSecond;
    if (!quota) return 0;
    const now = this.now();
    this.sweep(now);
    const key = `${quota.per}:${quota.per === 'conversation' ? conversationOf(client) : principalOf(client)}`;
    const { interval, tolerance } = cell(quota);
    const due = Math.max(this.due.get(key) ?? now, now);
    const start = Math.max(now, due - tolerance);
    this.due.set(key, due + interval);
    return Math.ceil(start - now);
  }

  /** Keys whose budget is full again (tests). */
  get size(): number {
    return this.due.size;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [key, due] of this.due) if (due <= now) this.due.delete(key);
  }
}

/** A quota as a cell rate: ms between calls, and how far ahead a burst of one second's calls may run. */
function cell(quota: QuotaLimit): { interval: number; tolerance: number } {
  const interval = 1000 / quota.limit;
  const burst = Math.max(1, Math.ceil(quota.limit));
  return { interval, tolerance: (burst - 1) * interval };
}
