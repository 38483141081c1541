/**
 * CPU time after which a run counts as CPU-bound, in ms. Scripts that call operations and shape their
 * results use a few ms; one that has computed for half a second is spinning or building something huge.
 */
export const CPU_BOUND_MS = 500;
const CHECK_EVERY_MS = 250;

/**
 * Calls `onCpuBound` once when `cpuNs()` (the isolate's CPU time; undefined once it is gone) passes
 * {@link CPU_BOUND_MS}. Returns the function that stops watching.
 */
export function watchCpuBound(cpuNs: () => bigint | undefined, onCpuBound: () => void): () => void {
  const limitNs = BigInt(CPU_BOUND_MS) * 1_000_000n;
  const timer = setInterval(() => {
    let used: bigint | undefined;
    try {
      used = cpuNs();
    } catch {
      // Disposed by a limit breach: the run is ending anyway.
    }
    if (used === undefined || used < limitNs) return;
    clearInterval(timer);
    onCpuBound();
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
