import type { IncomingHttpHeaders } from 'node:http';
import type { AccessProfile } from '../access-profiles';

/** The outcome of one bearer token: a profile (and who holds it), or a ready refusal. */
export type TokenVerdict =
  | {
      readonly status: 'authenticated';
      readonly profile: AccessProfile;
      readonly subject?: string;
      /** `exp` plus the clock skew, in ms since the epoch. */
      readonly expiresAtMs: number;
    }
  | {
      readonly status: 'refused';
      readonly httpStatus: 401 | 403 | 503;
      readonly message: string;
      readonly headers: Readonly<Record<string, string>>;
    };

/**
 * Bearer tokens beside API keys (the gateways' OAuth resource server provides one under
 * `BEARER_TOKEN_AUTHENTICATOR`). Verification is async, access resolution synchronous: `prepare`
 * runs first and keeps the verdict against the request's header object, `verdictFor` reads it.
 * @publicApi
 */
export interface BearerTokenAuthenticator {
  /** Verifies the request's token, if it has one; `undefined` (no promise) when there is nothing to wait for. */
  prepare(headers: IncomingHttpHeaders): Promise<void> | undefined;
  /** The verdict on the request's token; `undefined` when it presents none (the API-key path decides). */
  verdictFor(headers: IncomingHttpHeaders): TokenVerdict | undefined;
  /** An API-key `WWW-Authenticate` challenge, extended so token clients find their authorization server. */
  challenge(apiKeyChallenge: string): string;
}
