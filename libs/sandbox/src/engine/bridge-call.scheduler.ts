/**
 * Calls of one run in flight at once; the rest wait their turn. Well above real fan-out (a script's
 * `Promise.all` over a few operations): it only bounds what one run can ask of the backend at once.
 */
export const MAX_PARALLEL_BRIDGE_CALLS = 32;

/**
 * Synchronous time, in ms, calls may take in one turn of the event loop before the scheduler yields
 * (`setImmediate`) and starts the rest after other I/O has had its turn.
 */
export const BRIDGE_BURST_BUDGET_MS = 2;

/**
 * Starts a script's host calls as they come, within a budget of synchronous time per event-loop turn.
 * Why: a script can fire its whole call budget at once (`Promise.all` of 200 calls); operations are often
 * synchronous (SQLite), so served in one go they would hold the event loop for the whole burst and every
 * other client would wait behind it. Calls merely waiting on I/O cost nothing here: five parallel 200 ms
 * calls take 200 ms.
 */
export class BridgeCallScheduler {
  private active = 0;
  private readonly waiting: Array<() => Promise<unknown>> = [];
  private scheduled = false;
  /** Synchronous time spent starting calls in the current turn of the event loop. */
  private spentMs = 0;

  constructor(
    private readonly maxParallel = MAX_PARALLEL_BRIDGE_CALLS,
    private readonly budgetMs = BRIDGE_BURST_BUDGET_MS,
  ) {}

  /** Starts `call` now if the run has a place and the turn has budget left, else soon after. */
  schedule(call: () => Promise<unknown>): void {
    if (this.waiting.length === 0 && this.active < this.maxParallel && this.spentMs < this.budgetMs) this.start(call);
    else {
      this.waiting.push(call);
      this.drainSoon();
    }
  }

  /**
   * A scheduler that starts every call at once: for the sandbox process, whose calls only cross to the
   * server, where the run's real scheduler (`ProcessRun`) budgets them.
   */
  static passthrough(): BridgeCallScheduler {
    return new BridgeCallScheduler(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY);
  }

  /** Forgets the calls not started yet (the run is over). */
  clear(): void {
    this.waiting.length = 0;
  }

  private start(call: () => Promise<unknown>): void {
    this.active++;
    const startedAt = this.budgetMs === Number.POSITIVE_INFINITY ? 0 : performance.now();
    let pending: Promise<unknown>;
    try {
      pending = call();
    } catch (error) {
      pending = Promise.reject(error);
    }
    if (this.budgetMs !== Number.POSITIVE_INFINITY) {
      this.spentMs += performance.now() - startedAt;
      this.drainSoon();
    }
    pending
      .catch(() => undefined)
      .finally(() => {
        this.active--;
        if (this.waiting.length > 0) this.drainSoon();
      });
  }

  /** Next turn: a fresh budget, and the waiting calls that fit in it. */
  private drainSoon(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.spentMs = 0;
      while (this.active < this.maxParallel && this.waiting.length > 0 && this.spentMs < this.budgetMs)
        this.start(this.waiting.shift() as () => Promise<unknown>);
    });
  }
}
