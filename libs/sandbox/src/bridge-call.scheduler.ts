/** How many `myko.*` calls of one run the server works on at once; the rest wait their turn. */
export const MAX_PARALLEL_BRIDGE_CALLS = 4;

/**
 * Runs a script's host calls a few at a time, and lets the server's event loop turn between batches.
 * Why: a script can fire its whole call budget at once (`Promise.all` of 200 calls); the calls arrive
 * together, and operations are often synchronous (SQLite), so served as they came they would hold the
 * event loop for the whole burst and every other client would wait behind it.
 */
export class BridgeCallScheduler {
  private active = 0;
  private readonly waiting: Array<() => Promise<unknown>> = [];
  private draining = false;

  constructor(private readonly maxParallel = MAX_PARALLEL_BRIDGE_CALLS) {}

  /** Starts `call` now if a place is free, else when one frees up (after other I/O has had its turn). */
  schedule(call: () => Promise<unknown>): void {
    if (this.active < this.maxParallel) this.start(call);
    else this.waiting.push(call);
  }

  /** Forgets the calls not started yet (the run is over). */
  clear(): void {
    this.waiting.length = 0;
  }

  private start(call: () => Promise<unknown>): void {
    this.active++;
    call().finally(() => {
      this.active--;
      this.drainSoon();
    });
  }

  private drainSoon(): void {
    if (this.draining || this.waiting.length === 0) return;
    this.draining = true;
    setImmediate(() => {
      this.draining = false;
      while (this.active < this.maxParallel && this.waiting.length > 0)
        this.start(this.waiting.shift() as () => Promise<unknown>);
    });
  }
}
