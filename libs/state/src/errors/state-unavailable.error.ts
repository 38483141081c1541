/**
 * Shared state could not be read or written: Redis is unreachable, or did not answer in time. The
 * request fails at once (nothing queues while Redis is gone); the client may retry, and the
 * connection recovers on its own. Dispatch answers it as a JSON-RPC error naming the cause.
 * @publicApi
 */
export class StateUnavailableError extends Error {
  constructor(
    readonly operation: string,
    override readonly cause?: unknown,
  ) {
    super(`Shared state unavailable (Redis): ${operation} failed${cause instanceof Error ? `: ${cause.message}` : ''}`);
    this.name = 'StateUnavailableError';
  }
}
