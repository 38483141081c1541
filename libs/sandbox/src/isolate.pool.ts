import ivm from 'isolated-vm';

/** A fresh isolate and its one context, for exactly one run. */
export interface IsolateLease {
  readonly isolate: ivm.Isolate;
  readonly context: ivm.Context;
  /** Set by the run holding the lease: V8 lost control of this isolate (isolated-vm `onCatastrophicError`). */
  onCatastrophe?: (message: string) => void;
}

export interface IsolatePoolOptions {
  memoryMb: number;
  warmPool: number;
  onCatastrophicError: (message: string) => void;
  /** Where failures of background warm-up go (the runner knows no logger). */
  onWarmupError?: (error: unknown) => void;
}

/**
 * Creates isolates, optionally ahead of demand, and disposes them. An isolate is handed out once and
 * disposed on release: none is ever reused after user code ran. Tracks every isolate not yet disposed,
 * so leaks show up in `live`.
 */
export class IsolatePool {
  private readonly warm: Promise<IsolateLease>[] = [];
  private readonly tracked = new Set<ivm.Isolate>();
  private closed = false;

  constructor(private readonly options: IsolatePoolOptions) {
    this.refill();
  }

  /** Isolates created and not yet disposed (warm ones included). */
  get live(): number {
    return this.tracked.size;
  }

  async acquire(): Promise<IsolateLease> {
    const next = this.warm.shift();
    this.refill();
    return next ?? this.create();
  }

  /** Disposes the isolate (if isolated-vm has not already, e.g. after a memory-limit breach). */
  release(lease: IsolateLease): void {
    if (!lease.isolate.isDisposed) lease.isolate.dispose();
    this.tracked.delete(lease.isolate);
  }

  /** Disposes the warm isolates and stops creating new ones; leased isolates are released by their runs. */
  async close(): Promise<void> {
    this.closed = true;
    const warm = this.warm.splice(0);
    const settled = await Promise.allSettled(warm);
    for (const result of settled) if (result.status === 'fulfilled') this.release(result.value);
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
    const isolate = new ivm.Isolate({
      memoryLimit: this.options.memoryMb,
      onCatastrophicError: (message: string) => {
        lease?.onCatastrophe?.(message);
        this.options.onCatastrophicError(message);
      },
    });
    this.tracked.add(isolate);
    try {
      lease = { isolate, context: await isolate.createContext() };
      return lease;
    } catch (error) {
      this.release({ isolate } as IsolateLease);
      throw error;
    }
  }
}
