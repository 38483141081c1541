import { McpHttpError } from '../errors/mcp-http.error';
import type { RefusedSubject } from './edge-refusals';
import type { LimitRefusal } from './limit-decision.interface';
import { LIMIT_EXCEEDED } from './limits.constants';

/** `Retry-After` is whole seconds (RFC 9110), never 0 for a refusal. */
export function retryAfterSeconds(ms: number): string {
  return String(Math.max(1, Math.ceil(ms / 1000)));
}

/** The JSON-RPC `error.data` of a refusal: which limit, when to retry; for a quota, whose and what it counts. */
export function limitErrorData(refusal: LimitRefusal): {
  limit: string;
  retryAfterMs: number;
  profile?: string;
  per?: string;
  quota?: number;
} {
  const { limit, retryAfterMs, quota } = refusal;
  if (!quota) return { limit, retryAfterMs };
  return { limit, retryAfterMs, profile: quota.profile, per: quota.per, quota: quota.limit };
}

/**
 * An HTTP request refused by an edge limit: `status` (429 for a client's own excess, 503 when the
 * server is full) with `Retry-After` and a JSON-RPC error (-32029) carrying `{ limit, retryAfterMs }` (and for a
 * profile's quota `{ profile, per, quota }`).
 */
export class LimitExceededError extends McpHttpError {
  readonly limit: string;
  readonly retryAfterMs: number;

  constructor(
    status: 429 | 503,
    refusal: LimitRefusal,
    id: string | number | null = null,
    /** Whom it refused, for the audit line of the refusal (`EdgeRefusals`). */
    readonly subject?: RefusedSubject,
  ) {
    super(status, LIMIT_EXCEEDED, refusal.message, { 'Retry-After': retryAfterSeconds(refusal.retryAfterMs) });
    this.id = id;
    this.data = limitErrorData(refusal);
    this.limit = refusal.limit;
    this.retryAfterMs = refusal.retryAfterMs;
  }
}
