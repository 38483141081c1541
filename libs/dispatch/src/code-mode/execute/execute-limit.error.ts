import { DispatchError } from '../../errors/dispatch.error';

/** Same code as the edge limits' (-32029): a retryable "not now", with `data: { limit, retryAfterMs }`. */
export const EXECUTE_LIMIT_EXCEEDED = -32029;

/** What refused an `execute` before it ran, and when trying again makes sense. */
export interface ExecuteLimitRefusal {
  /** `execute-runs-per-session`, `execute-runs-per-key`, `execute-runs-per-address` or `execute-sandbox-full`. */
  readonly limit: string;
  readonly retryAfterMs: number;
  readonly message: string;
}

/**
 * An `execute` refused at once because its client (session, key or address) already has as many scripts
 * resident as allowed, or the sandbox is full. Nothing ran; answered as a JSON-RPC error the client can
 * retry on, never a hang.
 */
export class ExecuteLimitError extends DispatchError {
  readonly code = EXECUTE_LIMIT_EXCEEDED;

  constructor(refusal: ExecuteLimitRefusal) {
    super(refusal.message, { limit: refusal.limit, retryAfterMs: refusal.retryAfterMs });
  }
}
