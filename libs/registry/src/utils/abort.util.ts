import { OperationAbortedError } from '../errors';
import type { OperationContext } from '../interfaces';

/** Whether the context's request is cancelled, preferring the cheap flag over the lazily made signal. */
export function isAborted(ctx: OperationContext): boolean {
  return ctx.aborted ?? ctx.signal.aborted;
}

/** @throws OperationAbortedError when the signal has already fired */
export function throwIfAborted(operation: string, signal: AbortSignal): void {
  if (signal.aborted) throw abortedError(operation, signal);
}

/**
 * Settles with `work`'s outcome, unless `signal` aborts first: then it rejects at once with
 * `OperationAbortedError`. The work is not stopped here; it received the same signal and must stop
 * itself. Its late outcome is ignored (and never reported as an unhandled rejection).
 */
export function raceAbort<T>(operation: string, signal: AbortSignal, work: PromiseLike<T>): Promise<T> {
  if (signal.aborted) return Promise.reject(abortedError(operation, signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError(operation, signal));
    signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve(work)
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
