import type ivm from 'isolated-vm';

/** At most this many idle isolates are kept per process (the least recently used goes first). */
export const MAX_KEPT_ISOLATES = 8;
/** An isolate kept this long without its conversation's next run is disposed. */
export const KEPT_ISOLATE_IDLE_MS = 30_000;

/** An isolate whose run ended normally, with what is needed to give it a fresh context later. */
export interface KeptIsolate {
  readonly isolate: ivm.Isolate;
  readonly fromSnapshot: boolean;
  /** Whose run its catastrophic-error callback reaches (none while kept). */
  readonly owner: { lease?: unknown };
}

interface Entry {
  readonly kept: KeptIsolate;
  /** Its CPU time when kept: if it moved, code ran in it while no run held it, and it is not reused. */
  readonly cpuNs: bigint;
  readonly timer: NodeJS.Timeout;
}

/**
 * Idle isolates kept for the next run of the same key (principal + conversation), bounded in count and idle
 * time so that memory stays capped. Only the key that ran in an isolate can take it back; nothing is shared
 * across keys. Disposal goes through `dispose` (the pool tracks live isolates).
 */
export class KeptIsolates {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly dispose: (isolate: ivm.Isolate) => void,
    private readonly max = MAX_KEPT_ISOLATES,
    private readonly idleMs = KEPT_ISOLATE_IDLE_MS,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Keeps `kept` for `key`, replacing (disposing) one kept before and the least recently used past the bound. */
  keep(key: string, kept: KeptIsolate): void {
    this.drop(key);
    const cpuNs = cpuTimeOf(kept.isolate);
    if (cpuNs === undefined || this.max <= 0) {
      this.dispose(kept.isolate);
      return;
    }
    const timer = setTimeout(() => this.drop(key), this.idleMs);
    timer.unref();
    this.entries.set(key, { kept, cpuNs, timer });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.max) break;
      this.drop(oldest);
    }
  }

  /** The isolate kept for `key`, now no longer kept; undefined if none, or if it ran code while kept (disposed). */
  take(key: string): KeptIsolate | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    clearTimeout(entry.timer);
    if (cpuTimeOf(entry.kept.isolate) === entry.cpuNs) return entry.kept;
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
