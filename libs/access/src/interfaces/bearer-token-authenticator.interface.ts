import type { IncomingHttpHeaders } from 'node:http';
import type { AccessProfile } from './access-profile.interface';
import type { TokenHolder } from './token-holder.interface';

/**
 * A verified OAuth bearer token as the caller presented it, and the audiences (`aud`) it names: what a
 * connector forwards to a backend the token is also for (`auth.passThrough`). Never logged or serialised.
 */
export interface BearerCredential {
  readonly token: string;
  readonly audiences: readonly string[];
}

/** The outcome of one bearer token: a profile (and who holds it), or a ready refusal. */
export type TokenVerdict =
  | {
      readonly status: 'authenticated';
      readonly profile: AccessProfile;
      /** Who the token stands for: what its identity (`ClientAccess.keyId`) is derived from. */
      readonly holder: TokenHolder;
      /** `sub`, else `client_id` (for the audit); absent when the token names neither. */
      readonly subject?: string;
      /** `exp` plus the clock skew, in ms since the epoch. */
      readonly expiresAtMs: number;
      /** The token itself and its audiences, for connectors that pass it through. */
      readonly bearer?: BearerCredential;
    }
  | {
      readonly status: 'refused';
      readonly httpStatus: 400 | 401 | 403 | 503;
      readonly message: string;
      readonly headers: Readonly<Record<string, string>>;
    };

/**
 * A token verified as the MCP door verifies it (signature, issuer, audience, lifetime) but mapped to no
 * profile: its claims and who holds it, or a ready refusal (401 invalid, 503 issuer unavailable).
 */
export type TokenClaimsVerdict =
  | {
      readonly status: 'verified';
      readonly claims: Readonly<Record<string, unknown>>;
      /** `sub`, else `client_id`; absent when the token names neither. */
      readonly subject?: string;
    }
  | Extract<TokenVerdict, { status: 'refused' }>;

/** Where a credential arrived: a token subprotocol entry is taken only at a WebSocket handshake. */
export type CredentialDoor = 'http' | 'websocket';

/**
 * Bearer tokens beside API keys (the gateways' OAuth resource server provides one under
 * `BEARER_TOKEN_AUTHENTICATOR`). Verification is async, access resolution synchronous: `prepare`
 * runs first and keeps the verdict against the request's header object, `verdictFor` reads it.
 * @publicApi
 */
export interface BearerTokenAuthenticator {
  /** Verifies the request's token, if it has one; `undefined` (no promise) when there is nothing to wait for. */
  prepare(headers: IncomingHttpHeaders, door?: CredentialDoor): Promise<void> | undefined;
  /** The verdict on the request's token; `undefined` when it presents none (the API-key path decides). */
  verdictFor(headers: IncomingHttpHeaders, door?: CredentialDoor): TokenVerdict | undefined;
  /** The `WWW-Authenticate` challenge of an API-key refusal (its parameters), extended so token clients find their authorization server. */
  challenge(apiKeyParams: Readonly<Record<string, string>>): string;
  /**
   * Verifies one token without mapping it to a profile (the admin API's scope check);
   * `undefined` when OAuth is off, so no token is verified at all.
   */
  verifyClaims?(token: string): Promise<TokenClaimsVerdict> | undefined;
}
