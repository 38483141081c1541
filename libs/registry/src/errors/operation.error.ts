/**
 * A failure whose message is safe to show the client (a business rule, a missing record).
 * Anything thrown by an operation that is not an `OperationError` is treated as internal:
 * logged on the server and masked on the wire.
 * @publicApi
 */
export class OperationError extends Error {
  /** A short machine-readable reason, e.g. `not_found`, `insufficient_stock`. */
  readonly code: string;

  constructor(message: string, code = 'operation_failed') {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}
