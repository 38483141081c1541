import { setImmediate as nextTurn } from 'node:timers/promises';
import { OperationAbortedError, type OperationContext } from '@myko/registry';

/** Stops a long operation between steps once the client cancelled or the run timed out. */
export function throwIfAborted(ctx: OperationContext, operation: string): void {
  if (!ctx.signal.aborted) return;
  const reason = ctx.signal.reason;
  const detail = reason instanceof Error && reason.name !== 'AbortError' ? reason.message : undefined;
  throw new OperationAbortedError(operation, detail);
}

/**
 * Lets the event loop run between the synchronous SQLite steps of a long operation, so a cancellation
 * can arrive, then checks for it.
 */
export async function checkpoint(ctx: OperationContext, operation: string): Promise<void> {
  await nextTurn();
  throwIfAborted(ctx, operation);
}
