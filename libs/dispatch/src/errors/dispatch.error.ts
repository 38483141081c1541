/**
 * A failure that is answered as a JSON-RPC error: its `code`, `message` and `data` are safe to send.
 * Anything else thrown while handling a message is internal and masked as -32603.
 * @publicApi
 */
export abstract class DispatchError extends Error {
  abstract readonly code: number;

  constructor(
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
