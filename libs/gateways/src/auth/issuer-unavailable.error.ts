/**
 * Thrown when an issuer's keys cannot be had (its JWKS or discovery document failed, or it is backed
 * off after failing): the token may be fine, so this is a 503 with `Retry-After`, never a 401.
 */
export class IssuerUnavailableError extends Error {
  override readonly name = 'IssuerUnavailableError';

  constructor(
    message: string,
    /** How long until the issuer is asked again (ms). */
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}
