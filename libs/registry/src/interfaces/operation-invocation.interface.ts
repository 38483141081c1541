import type { OperationContext } from './operation-context.interface';
import type { OperationKind } from './operation-kind.type';

/**
 * How one call of an operation ended: `ok`; `error` (invalid arguments, or the method threw);
 * `aborted` (cancelled or timed out); `refused` (a caller's policy stopped it before it ran, see
 * `OperationInvoker.reportRefusal`).
 */
export type InvocationOutcome = 'ok' | 'error' | 'refused' | 'aborted';

/** One finished or refused call of an operation, as invocation listeners see it. */
export interface OperationInvocation {
  /** `<kind>_<id>` */
  readonly name: string;
  readonly kind: OperationKind;
  /** The arguments as the caller sent them, before validation. */
  readonly args: unknown;
  readonly context: OperationContext;
  readonly outcome: InvocationOutcome;
  /** What was thrown (`error`, `aborted`), or the refusal message (`refused`). */
  readonly error?: unknown;
  /** Epoch milliseconds when the call started. */
  readonly startedAt: number;
  readonly durationMs: number;
}

/**
 * Told about every call of an existing operation once it has ended (audit logs, metrics). Runs
 * synchronously on the caller's path, so it must be quick; what it throws is logged and ignored.
 */
export type InvocationListener = (invocation: OperationInvocation) => void;
