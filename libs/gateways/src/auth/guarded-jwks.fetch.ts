import { Logger } from '@nestjs/common';
import type { FetchImplementation } from 'jose';
import type { IssuerBackoff } from './issuer-backoff';
import { IssuerUnavailableError } from './issuer-unavailable.error';

const logger = new Logger('OAuthTokenVerifier');

function isKeySet(value: unknown): boolean {
  const keys = (value as { keys?: unknown } | null)?.keys;
  return Array.isArray(keys) && keys.every((key) => typeof key === 'object' && key !== null && !Array.isArray(key));
}

/**
 * The fetch `jose` reads an issuer's JWKS with: refused outright while the issuer is backed off, and
 * every way the fetch fails (refused connection, timeout, non-200, a body that is no JSON Web Key
 * Set) is one {@link IssuerUnavailableError} and one failure of the backoff. Why here: `jose` reports
 * these as unrelated errors (raw `TypeError`s, `JOSEError`, `JWKSInvalid`) that also mean "bad token"
 * elsewhere; at the fetch, their origin is certain.
 */
export function guardedJwksFetch(issuer: string, backoff: IssuerBackoff): FetchImplementation {
  const unavailable = (why: string) =>
    new IssuerUnavailableError(`the JWKS of issuer ${issuer} is unavailable: ${why}`, backoff.remainingMs());
  return async (url, init) => {
    if (backoff.remainingMs() > 0) throw unavailable('backing off after a failure');
    let body: unknown;
    try {
      const res = await fetch(url, init);
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      body = await res.json();
      if (!isKeySet(body)) throw new Error('not a JSON Web Key Set');
    } catch (error) {
      backoff.failed();
      const failure = unavailable(error instanceof Error ? error.message : String(error));
      logger.warn(`${failure.message}; not asked again for ${failure.retryAfterMs} ms`);
      throw failure;
    }
    backoff.succeeded();
    return Response.json(body);
  };
}
