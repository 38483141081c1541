import type ivm from 'isolated-vm';

/**
 * CPU time after which a run counts as CPU-bound, in ms. Scripts that call operations and shape their
 * results use a few ms; one that has computed for half a second is spinning or building something huge.
 */
export const CPU_BOUND_MS = 500;
/**
 * How long an isolate that isolated-vm has disposed may keep its thread before the run is ended without it,
 * in ms. An ordinary memory-limit breach returns within a few ms of the disposal.
 */
export const LOST_AFTER_MS = 500;
const CHECK_EVERY_MS = 100;
/** Reading an isolate's CPU time is not free (it slows the isolate's calls): not at every check. */
const CPU_EVERY_CHECKS = 3;

export interface IsolateWatchHandlers {
  /** Once, when the isolate's CPU time passes {@link CPU_BOUND_MS}. */
  onCpuBound(): void;
  /**
   * Once, when isolated-vm disposed the isolate (its memory limit) but the script's thread has not come back
   * for {@link LOST_AFTER_MS}. On V8 13 (Node 24) a builtin allocating far past the limit (`concat` of a
   * 64 Mi-element array) keeps running last-resort collections and ignores termination for tens of seconds,
   * where V8 11 gave up at once through isolated-vm's catastrophic-error callback.
   */
  onLost(): void;
}

/**
 * Watches the isolate of a running run (`isolate()` is undefined before it has one and after the run let it
 * go). `cpuBefore`: the isolate's CPU time when the run got it (a reused isolate carries earlier runs' time).
 * Returns the function that stops watching.
 */
export function watchIsolate(
  isolate: () => ivm.Isolate | undefined,
  handlers: IsolateWatchHandlers,
  cpuBefore: () => bigint = () => 0n,
): () => void {
  const limitNs = BigInt(CPU_BOUND_MS) * 1_000_000n;
  let checks = 0;
  let cpuBound = false;
  let disposedAt: number | undefined;
  const timer = setInterval(() => {
    const watched = isolate();
    if (!watched) return;
    if (watched.isDisposed) {
      disposedAt ??= performance.now();
      if (performance.now() - disposedAt < LOST_AFTER_MS) return;
      clearInterval(timer);
      handlers.onLost();
      return;
    }
    if (cpuBound || ++checks % CPU_EVERY_CHECKS !== 0) return;
    if (cpuTime(watched) - cpuBefore() < limitNs) return;
    cpuBound = true;
    handlers.onCpuBound();
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

function cpuTime(isolate: ivm.Isolate): bigint {
  try {
    return isolate.cpuTime;
  } catch {
    // Disposed between the check and the read: the next check sees it.
    return 0n;
  }
}
