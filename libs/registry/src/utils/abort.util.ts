import { OperationAbortedError } from '../errors';

/** @throws OperationAbortedError when the signal has already fired */
export function throwIfAborted(operation: string, signal: AbortSignal): void {
  if (signal.aborted) throw abortedError(operation, signal);
}

/**
 * Runs `work` and settles with it, unless `signal` aborts first: then it rejects at once with
 * `OperationAbortedError`. The work is not stopped here; it receives the same signal and must stop
 * itself. Its late outcome is ignored (and never reported as an unhandled rejection).
 */
export function raceAbort<T>(operation: string, signal: AbortSignal, work: () => T | Promise<T>): Promise<T> {
  if (signal.aborted) return Promise.reject(abortedError(operation, signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError(operation, signal));
    signal.addEventListener('abort', onAbort, { once: true });
    new Promise<T>((run) => run(work()))
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function abortedError(operation: string, signal: AbortSignal): OperationAbortedError {
  return new OperationAbortedError(operation, reasonOf(signal.reason));
}

/** The default reason (`AbortError: This operation was aborted`) adds nothing to our own message. */
function reasonOf(reason: unknown): string | undefined {
  if (typeof reason === 'string') return reason || undefined;
  if (reason instanceof Error && reason.name !== 'AbortError') return reason.message || undefined;
  return undefined;
}
