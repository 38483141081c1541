/**
 * An admin request that cannot be answered as asked: a malformed question (400), an unknown key, profile or
 * execution (404), a decision on an execution that no longer waits for one (409). The message is sent to the admin; it never names what an ordinary key cannot see.
 */
export class AdminRequestError extends Error {
  override readonly name = 'AdminRequestError';

  constructor(
    readonly status: 400 | 404 | 409 | 413,
    message: string,
  ) {
    super(message);
  }
}
