import type ivm from 'isolated-vm';

/** At most this many idle isolates are kept per process (the least recently used goes first). */
export const MAX_KEPT_ISOLATES = 8;
/** An isolate kept this long without its conversation's next run is disposed. */
export const KEPT_ISOLATE_IDLE_MS = 30_000;

/** An isolate whose run ended normally, with what is needed to give it a fresh context later. */
export interface KeptIsolate {
  readonly isolate: ivm.Isolate;
  readonly fromSnapshot: boolean;
  /** Whose run its catastrophic-error callback reaches (while kept: the prepared lease, which no run holds). */
  readonly owner: { lease?: unknown };
}

/** The next run's fresh context, made while the isolate is kept, and the isolate's CPU time once it was made. */
interface Prepared<Lease> {
  readonly lease: Lease;
  /** If the isolate's CPU time moved past this, code ran in it while no run held it, and it is not reused. */
  readonly cpuNs: bigint;
}

interface Entry<Lease> {
  readonly kept: KeptIsolate;
  readonly prepared: Promise<Prepared<Lease> | undefined>;
  readonly timer: NodeJS.Timeout;
}

/**
 * Idle isolates kept for the next run of the same key (principal + conversation), bounded in count and idle
 * time so that memory stays capped. Only the key that ran in an isolate can take it back; nothing is shared
 * across keys. Disposal goes through `dispose` (the pool tracks live isolates). The next run's fresh context is
 * made as soon as an isolate is kept (`prepare`), off that run's path; the isolate's CPU time is read once it
 * is made, and any CPU spent in it after that disposes it instead of reusing it.
 */
export class KeptIsolates<Lease = unknown> {
  private readonly entries = new Map<string, Entry<Lease>>();

  constructor(
    private readonly dispose: (isolate: ivm.Isolate) => void,
    private readonly max = MAX_KEPT_ISOLATES,
    private readonly idleMs = KEPT_ISOLATE_IDLE_MS,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * Keeps `kept` for `key`, replacing (disposing) one kept before and the least recently used past the bound;
   * `prepare` makes the next run's context in it now (nothing else enters it until that run takes it).
   */
  keep(key: string, kept: KeptIsolate, prepare: () => Promise<Lease>): void {
    this.drop(key);
    if (cpuTimeOf(kept.isolate) === undefined || this.max <= 0) {
      this.dispose(kept.isolate);
      return;
    }
    const prepared = prepare().then(
      (lease) => {
        const cpuNs = cpuTimeOf(kept.isolate);
        return cpuNs === undefined ? undefined : { lease, cpuNs };
      },
      () => undefined,
    );
    const timer = setTimeout(() => this.drop(key), this.idleMs);
    timer.unref();
    this.entries.set(key, { kept, prepared, timer });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.max) break;
      this.drop(oldest);
    }
  }

  /**
   * The context prepared in the isolate kept for `key`, which is no longer kept; undefined if none, if its
   * preparation failed, or if code ran in it after (then it is disposed).
   */
  async take(key: string): Promise<Lease | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    clearTimeout(entry.timer);
    const prepared = await entry.prepared;
    if (prepared && cpuTimeOf(entry.kept.isolate) === prepared.cpuNs) return prepared.lease;
    this.dispose(entry.kept.isolate);
    return undefined;
  }

  /** Disposes every kept isolate. */
  clear(): void {
    for (const key of [...this.entries.keys()]) this.drop(key);
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    clearTimeout(entry.timer);
    this.dispose(entry.kept.isolate);
  }
}

/** Undefined once the isolate is gone (disposed, or lost to a memory-limit breach). */
function cpuTimeOf(isolate: ivm.Isolate): bigint | undefined {
  try {
    return isolate.isDisposed ? undefined : isolate.cpuTime;
  } catch {
    return undefined;
  }
}
