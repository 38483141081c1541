import ivm from 'isolated-vm';
import { bootstrapHarness, createBootstrapSnapshot, type Harness } from './harness.bootstrap';

/** A fresh isolate, its one context and the harness bootstrapped in it, for exactly one run. */
export interface IsolateLease {
  readonly isolate: ivm.Isolate;
  readonly context: ivm.Context;
  readonly harness: Harness;
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

/** One per process, made on first use: building it takes a few ms. */
let bootstrapSnapshot: ivm.ExternalCopy<ArrayBuffer> | undefined;

/**
 * Creates isolates (context and harness bootstrap included), optionally ahead of demand, and disposes
 * them. An isolate is handed out once and disposed on release: none is ever reused after user code ran.
 * Tracks every isolate not yet disposed, so leaks show up in `live`. The warm pool is refilled after a
 * run, never inside or after `acquire()`: creating an isolate blocks the thread for ~1 ms, which belongs
 * after the result, not beside the run it would delay.
 */
export class IsolatePool {
  private readonly warm: Promise<IsolateLease>[] = [];
  private readonly tracked = new Set<ivm.Isolate>();
  private closed = false;
  private refillScheduled: NodeJS.Immediate | undefined;

  constructor(private readonly options: IsolatePoolOptions) {
    this.refill();
  }

  /** Isolates created and not yet disposed (warm ones included). */
  get live(): number {
    return this.tracked.size;
  }

  async acquire(): Promise<IsolateLease> {
    return this.warm.shift() ?? this.create();
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
    let lease: IsolateLease | undefined;
    const fromSnapshot = this.options.snapshot !== false;
    if (fromSnapshot) bootstrapSnapshot ??= createBootstrapSnapshot();
    const isolate = new ivm.Isolate({
      memoryLimit: this.options.memoryMb,
      snapshot: fromSnapshot ? bootstrapSnapshot : undefined,
      onCatastrophicError: (message: string) => this.lose(lease, message),
    });
    this.tracked.add(isolate);
    try {
      const context = await isolate.createContext();
      lease = { isolate, context, harness: await bootstrapHarness(context, fromSnapshot) };
      return lease;
    } catch (error) {
      this.dispose(isolate);
      throw error;
    }
  }

  private dispose(isolate: ivm.Isolate): void {
    if (!isolate.isDisposed) isolate.dispose();
    this.tracked.delete(isolate);
  }
}
