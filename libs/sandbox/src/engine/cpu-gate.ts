/**
 * Bounds how many isolates execute JavaScript at once (about the cores given to the sandbox). A run takes
 * a slot only while its isolate runs code: its first stretch (bootstrap, compile, the script up to its first
 * `await`) and each resumption after a `myko.*` call settles. A run that only awaits host calls holds none,
 * so hundreds of waiting scripts cost memory, not cores. A low-priority run (a heavy client's) gets a freed
 * slot only when no normal entry waits; nobody waits while a slot is free (work-conserving).
 */
export class CpuGate {
  private busy = 0;
  private demotedRuns = 0;
  private peak = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly waitingLow: Array<() => void> = [];
  /** Turns executing now (in an entry: in the gate, or demoted out of it). */
  private readonly executing = new Set<CpuTurn>();
  /** Told whenever a run begins or ends executing (`LowPriorityThreads`). */
  onExecutingChange: (() => void) | undefined;

  constructor(readonly slots: number) {}

  /** Isolates executing now, entries waiting for a slot, the most executing at once since start. */
  get stats(): { executing: number; waiting: number; peakExecuting: number } {
    const waiting = this.waiting.length + this.waitingLow.length;
    return { executing: this.busy, waiting, peakExecuting: this.peak };
  }

  /** Whether runs are executing now and every one of them is low-priority (their threads may be demoted). */
  get onlyLowPriorityExecuting(): boolean {
    if (this.executing.size === 0) return false;
    for (const turn of this.executing) if (!turn.lowPriority) return false;
    return true;
  }

  /** A turn for one run; `release()` it when the run ends. */
  turn(lowPriority = false): CpuTurn {
    return new CpuTurn(this, lowPriority);
  }

  /** @internal resolves when a slot is held (at once when one is free). */
  take(lowPriority = false): Promise<void> | undefined {
    if (this.busy < this.slots) {
      this.busy++;
      this.peak = Math.max(this.peak, this.busy);
      return undefined;
    }
    return new Promise<void>((resolve) => (lowPriority ? this.waitingLow : this.waiting).push(resolve));
  }

  /** @internal a turn began (`true`) or ended (`false`) executing. */
  markExecuting(turn: CpuTurn, executing: boolean): void {
    if (executing) this.executing.add(turn);
    else this.executing.delete(turn);
    this.onExecutingChange?.();
  }

  /** @internal the slot passes straight to the next entry waiting (normal ones first), so `busy` stays the same. */
  give(): void {
    const next = this.waiting.shift() ?? this.waitingLow.shift();
    if (next) next();
    else this.busy--;
  }

  /** @internal a CPU-bound run may leave the gate while fewer than `slots` others have. */
  tryDemote(): boolean {
    if (this.demotedRuns >= this.slots) return false;
    this.demotedRuns++;
    return true;
  }

  /** @internal */
  undemote(): void {
    this.demotedRuns--;
  }
}

/**
 * One run's use of the gate. Its entries into the isolate (isolated-vm runs them one at a time) share one
 * slot, held from the first entry's start to the last one's end. A run found CPU-bound (it spins) gives
 * its slot back and runs outside the gate, at the lowest OS priority (`CpuHogDemoter`), as before.
 */
export class CpuTurn {
  /**
   * When the run's isolate began executing its current stretch of entries (performance.now()); undefined
   * between stretches and while it only waits for a slot: a run queued behind one that crashes the process
   * was not executing, so it must not be charged with the crash.
   */
  enteredAt: number | undefined;
  /** Called when a stretch of entries ends (the run awaits again), so a watcher need not wait to see it. */
  onStretchEnd: (() => void) | undefined;
  private entries = 0;
  private idleWaiters: Array<() => void> = [];
  private holding = false;
  private taking: Promise<void> | undefined;
  private demoted = false;
  private closed = false;

  constructor(
    private readonly gate: CpuGate,
    /** A heavy client's run: it waits behind normal runs for a slot. */
    readonly lowPriority = false,
  ) {}

  /** Runs `work` (one entry into the isolate) holding the run's slot; skipped once the run has ended. */
  async enter<T>(work: () => Promise<T>): Promise<T | undefined> {
    this.entries++;
    try {
      await this.hold();
      if (this.closed) return undefined;
      if (this.enteredAt === undefined) {
        this.enteredAt = performance.now();
        this.gate.markExecuting(this, true);
      }
      return await work();
    } finally {
      if (--this.entries === 0) {
        const ended = this.enteredAt !== undefined;
        this.enteredAt = undefined;
        this.gate.markExecuting(this, false);
        this.letGo();
        if (ended) this.onStretchEnd?.();
        for (const resolve of this.idleWaiters.splice(0)) resolve();
      }
    }
  }

  /** Resolves once no entry of the run is inside its isolate (at once if none is). */
  whenIdle(): Promise<void> {
    if (this.entries === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** The run is CPU-bound: stop counting it against the gate, if few others have been let out. */
  demote(): void {
    if (this.demoted || this.closed || !this.gate.tryDemote()) return;
    this.demoted = true;
    this.letGo();
  }

  /** The run ended: frees whatever it holds; later entries are skipped. */
  release(): void {
    if (this.closed) return;
    this.closed = true;
    this.letGo();
    if (this.demoted) this.gate.undemote();
  }

  private async hold(): Promise<void> {
    if (this.holding || this.demoted || this.closed) return;
    if (!this.taking) {
      const waiting = this.gate.take(this.lowPriority);
      if (!waiting) {
        this.holding = true;
        return;
      }
      this.taking = waiting.then(() => {
        this.taking = undefined;
        this.holding = true;
        // The run ended (or was demoted) while it waited: the slot goes on at once.
        if (this.closed || this.demoted || this.entries === 0) this.letGo();
      });
    }
    await this.taking;
  }

  private letGo(): void {
    if (!this.holding) return;
    this.holding = false;
    this.gate.give();
  }
}
