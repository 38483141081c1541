/**
 * An admin request that cannot be answered as asked: a malformed question (400), an unknown key or
 * profile (404). The message is sent to the admin; it never names what an ordinary key cannot see.
 */
export class AdminRequestError extends Error {
  override readonly name = 'AdminRequestError';

  constructor(
    readonly status: 400 | 404 | 413,
    message: string,
  ) {
    super(message);
  }
}
