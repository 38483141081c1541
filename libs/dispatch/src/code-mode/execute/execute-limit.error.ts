import { DispatchError } from '../../errors/dispatch.error';

/** Same code as the edge limits' (-32029): a retryable "not now", with `data: { limit, retryAfterMs }`. */
export const EXECUTE_LIMIT_EXCEEDED = -32029;

/** What refused an `execute` before it ran, and when trying again makes sense. */
export interface ExecuteLimitRefusal {
  /** `execute-runs-per-session`, `-per-key`, `-per-address`, `execute-sandbox-full`, `quota.runsAtOnce`… */
  readonly limit: string;
  readonly retryAfterMs: number;
  readonly message: string;
  /** Set when a profile's quota refused (`limit`: `quota.runsAtOnce`): whose, what it counts, its limit. */
  readonly quota?: { readonly profile: string; readonly per: string; readonly limit: number };
}

/**
 * An `execute` refused at once because its client (session, key or address) already has as many scripts
 * resident as allowed, or the sandbox is full. Nothing ran; answered as a JSON-RPC error the client can
 * retry on, never a hang.
 */
export class ExecuteLimitError extends DispatchError {
  readonly code = EXECUTE_LIMIT_EXCEEDED;

  constructor(refusal: ExecuteLimitRefusal) {
    const { limit, retryAfterMs, quota } = refusal;
    const breach = quota ? { profile: quota.profile, per: quota.per, quota: quota.limit } : {};
    super(refusal.message, { limit, retryAfterMs, ...breach });
  }
}
