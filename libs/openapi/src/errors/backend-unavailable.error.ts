import { OperationError } from '@myko/registry';

/**
 * The backend could not answer: a 5xx, a network failure or a timeout, after the retries an idempotent
 * request is allowed. `retryable`: the same call may succeed later.
 * @publicApi
 */
export class BackendUnavailableError extends OperationError {
  readonly retryable = true;

  constructor(
    readonly operation: string,
    reason: string,
    code: 'backend_unavailable' | 'backend_timeout' = 'backend_unavailable',
    /** The HTTP status of a 5xx; absent for a network failure or a timeout. */
    readonly status?: number,
  ) {
    super(`${operation}: ${reason} (retryable)`, code);
  }
}
