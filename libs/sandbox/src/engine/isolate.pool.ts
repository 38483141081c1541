import ivm from 'isolated-vm';
import { bootstrapHarness, createBootstrapSnapshot, type Harness, IDLE_HOOKS } from './harness.bootstrap';
import { type KeptIsolate, KeptIsolates } from './kept-isolates';

/**
 * An isolate, a fresh context in it and the harness bootstrapped in that context, for exactly one run. The
 * isolate is new, or one kept from an earlier run of the same conversation; the context is always new.
 */
export interface IsolateLease {
  readonly isolate: ivm.Isolate;
  readonly context: ivm.Context;
  readonly harness: Harness;
  /** The isolate with what reusing it needs. */
  readonly kept: KeptIsolate;
  /** Set by the run holding the lease: V8 lost control of this isolate (isolated-vm `onCatastrophicError`). */
  onCatastrophe?: (message: string) => void;
}

export interface IsolatePoolOptions {
  memoryMb: number;
  warmPool: number;
  onCatastrophicError: (message: string) => void;
  /** Where failures of background warm-up go (the runner knows no logger). */
  onWarmupError?: (error: unknown) => void;
  /** Start isolates from the bootstrap snapshot (default true; false measures or tests without it). */
  snapshot?: boolean;
}

/** Heap in use, as a share of the memory limit, past which an isolate is disposed rather than kept. */
const KEEP_HEAP_SHARE = 0.5;

/** One per process, made on first use: building it takes a few ms. */
let bootstrapSnapshot: ivm.ExternalCopy<ArrayBuffer> | undefined;

/**
 * Creates isolates (context and harness bootstrap included), optionally ahead of demand, and disposes
 * them. An isolate is disposed on release, or kept (`keep`) for the next run of the same conversation
 * after a run that ended normally: that run gets the same isolate with a new context, so nothing a script
 * left in its realm reaches the next one. Tracks every isolate not yet disposed (kept ones included), so
 * leaks show up in `live`. The warm pool is refilled after a
 * run, never inside or after `acquire()`: creating an isolate blocks the thread for ~1 ms, which belongs
 * after the result, not beside the run it would delay.
 */
export class IsolatePool {
  private readonly warm: Promise<IsolateLease>[] = [];
  private readonly tracked = new Set<ivm.Isolate>();
  private readonly kept = new KeptIsolates<IsolateLease>((isolate) => this.dispose(isolate));
  private closed = false;
  private refillScheduled: NodeJS.Immediate | undefined;

  constructor(private readonly options: IsolatePoolOptions) {
    this.refill();
  }

  /** Isolates created and not yet disposed (warm ones included). */
  get live(): number {
    return this.tracked.size;
  }

  /** Idle isolates kept for a conversation's next run. */
  get keptCount(): number {
    return this.kept.size;
  }

  /** @param reuseKey the run's conversation: an isolate kept for it is reused (with the fresh context made for it) */
  async acquire(reuseKey?: string): Promise<IsolateLease> {
    const kept = reuseKey === undefined ? undefined : await this.kept.take(reuseKey);
    return kept ?? this.warm.shift() ?? this.create();
  }

  /**
   * Keeps the isolate of a run that ended normally, idle (no entry of it running), for the next run of
   * `reuseKey`; its context is released first, and the next run's fresh context is made in it now, after the
   * run's answer, rather than on the next run's path. Disposed instead when the pool is closed, the isolate is
   * gone, or its heap is over half its limit.
   */
  keep(lease: IsolateLease, reuseKey: string): void {
    const { isolate, context, harness, kept } = lease;
    kept.owner.lease = undefined;
    harness.hooks = IDLE_HOOKS;
    let fits = false;
    try {
      for (const held of [harness.start, harness.settle, context]) releaseQuietly(held);
      const { used_heap_size } = isolate.getHeapStatisticsSync();
      fits = !this.closed && used_heap_size <= this.options.memoryMb * 2 ** 20 * KEEP_HEAP_SHARE;
    } catch {
      // Gone with its isolate (a memory-limit breach): disposed below.
    }
    if (fits) this.kept.keep(reuseKey, kept, () => this.contextIn(kept));
    else this.dispose(isolate);
  }

  /**
   * Disposes the isolate (if isolated-vm has not already, e.g. after a memory-limit breach); `later`: on the
   * next turn of the event loop, for an idle isolate whose run's result is on its way.
   */
  release(lease: IsolateLease, later = false): void {
    if (later) {
      // No longer counted: nothing can use it, and it is gone before anything else runs.
      this.tracked.delete(lease.isolate);
      setImmediate(() => this.dispose(lease.isolate));
    } else this.dispose(lease.isolate);
    this.scheduleRefill();
  }

  /**
   * V8 lost control of an isolate: isolated-vm's catastrophic-error callback, or a leased isolate it disposed
   * whose thread has not returned. The run holding it fails at once; the host counts it (and a sandbox
   * process retires).
   */
  lose(lease: IsolateLease | undefined, message: string): void {
    lease?.onCatastrophe?.(message);
    this.options.onCatastrophicError(message);
  }

  /** Disposes the warm isolates and stops creating new ones; leased isolates are released by their runs. */
  async close(): Promise<void> {
    this.closed = true;
    this.kept.clear();
    if (this.refillScheduled) clearImmediate(this.refillScheduled);
    const warm = this.warm.splice(0);
    const settled = await Promise.allSettled(warm);
    for (const result of settled) if (result.status === 'fulfilled') this.dispose(result.value.isolate);
  }

  /** After the current run's result has been handed on (its promise chain runs before an immediate). */
  private scheduleRefill(): void {
    if (this.closed || this.refillScheduled || this.warm.length >= this.options.warmPool) return;
    this.refillScheduled = setImmediate(() => {
      this.refillScheduled = undefined;
      this.refill();
    });
  }

  private refill(): void {
    while (!this.closed && this.warm.length < this.options.warmPool) {
      const lease = this.create();
      lease.catch((error: unknown) => {
        const index = this.warm.indexOf(lease);
        if (index >= 0) this.warm.splice(index, 1);
        this.options.onWarmupError?.(error);
      });
      this.warm.push(lease);
    }
  }

  private async create(): Promise<IsolateLease> {
    const owner: KeptIsolate['owner'] = {};
    const fromSnapshot = this.options.snapshot !== false;
    if (fromSnapshot) bootstrapSnapshot ??= createBootstrapSnapshot();
    const isolate = new ivm.Isolate({
      memoryLimit: this.options.memoryMb,
      snapshot: fromSnapshot ? bootstrapSnapshot : undefined,
      onCatastrophicError: (message: string) => this.lose(owner.lease as IsolateLease | undefined, message),
    });
    this.tracked.add(isolate);
    try {
      return await this.contextIn({ isolate, fromSnapshot, owner });
    } catch (error) {
      this.dispose(isolate);
      throw error;
    }
  }

  /** A new context in `kept.isolate`, the harness bootstrapped in it. */
  private async contextIn(kept: KeptIsolate): Promise<IsolateLease> {
    const context = await kept.isolate.createContext();
    const lease: IsolateLease = {
      isolate: kept.isolate,
      context,
      harness: await bootstrapHarness(context, kept.fromSnapshot),
      kept,
    };
    kept.owner.lease = lease;
    return lease;
  }

  private dispose(isolate: ivm.Isolate): void {
    if (!isolate.isDisposed) isolate.dispose();
    this.tracked.delete(isolate);
  }
}

/** The run's relay may have released its `settle` already. */
function releaseQuietly(held: { release(): void }): void {
  try {
    held.release();
  } catch {
    // Released before.
  }
}
