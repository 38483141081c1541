import { createHash } from 'node:crypto';
import {
  type AccessProfiles,
  matchProfile,
  type OAuthConfig,
  type TokenClaimsVerdict,
  type TokenVerdict,
  tokenHolderOf,
} from '@myko/access';
import { decodeJwt, decodeProtectedHeader, errors, type JWTPayload, jwtVerify } from 'jose';
import { IssuerKeys } from './issuer-keys';
import { IssuerUnavailableError } from './issuer-unavailable.error';
import type { OAuthChallenges } from './oauth.challenges';

/** A verified token whose `iat` lies beyond the clock skew ahead: refused like one not valid yet. */
class IssuedInTheFutureError extends Error {
  override readonly name = 'IssuedInTheFutureError';
}

type Refusal = Extract<TokenVerdict, { status: 'refused' }>;

/** A token whose `iss` is none of the trusted issuers (checked before any key is fetched). */
class UntrustedIssuerError extends Error {
  override readonly name = 'UntrustedIssuerError';
}

/** A refusal message that names the failed check, never the token or a claim value. */
function reasonOf(error: unknown): string | undefined {
  if (error instanceof IssuedInTheFutureError) return 'The token is issued in the future (iat)';
  if (error instanceof UntrustedIssuerError) return 'The token is from an untrusted issuer';
  if (error instanceof errors.JWTExpired) return 'The token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'The token is not for this resource (aud)';
    if (error.claim === 'iss') return 'The token is from an untrusted issuer';
    if (error.claim === 'nbf') return 'The token is not valid yet (nbf)';
    return `The token's ${error.claim} claim is invalid`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return 'The token is signed with an algorithm that is not allowed';
  if (error instanceof errors.JWKSNoMatchingKey) return "The token's signing key is not one of the issuer's keys";
  if (error instanceof errors.JWSSignatureVerificationFailed) return "The token's signature is invalid";
  if (error instanceof errors.JOSEError) return 'The token is malformed';
  return undefined;
}

/**
 * Verifies bearer JWTs as an OAuth 2.1 resource server (MCP authorization): signature against the
 * issuer's JWKS, an allow-listed `alg` (never `none`), `iss` one of the trusted issuers, `aud` this
 * server's resource URI (RFC 8707), `exp` required and `exp`/`nbf`/`iat` within the clock skew. The
 * claims then select a profile through the config's ordered rules; none matching is `insufficient_scope`.
 * An issuer whose keys cannot be had is a 503 with `Retry-After` (see `IssuerKeys`).
 */
export class OAuthTokenVerifier {
  private readonly keys: IssuerKeys;

  constructor(
    private readonly config: OAuthConfig,
    private readonly profiles: AccessProfiles,
    readonly challenges: OAuthChallenges,
  ) {
    this.keys = new IssuerKeys(config);
  }

  async verify(token: string): Promise<TokenVerdict> {
    return this.refusingErrors(() => this.verifyOrThrow(token));
  }

  /** The same checks as {@link verify} without the profile mapping: the claims, for the admin API's scope. */
  async verifyClaims(token: string): Promise<TokenClaimsVerdict> {
    return this.refusingErrors(async () => {
      const { iss, payload } = await this.verifiedPayload(token);
      const holder = tokenHolderOf(iss, payload, () => createHash('sha256').update(token).digest('hex'));
      return { status: 'verified', claims: payload, ...(holder.kind === 'token' ? {} : { subject: holder.id }) };
    });
  }

  /** A failed check as its refusal (401, or 503 when the issuer's keys cannot be had); anything else thrown on. */
  private async refusingErrors<T extends TokenVerdict | TokenClaimsVerdict>(
    run: () => Promise<T>,
  ): Promise<T | Refusal> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof IssuerUnavailableError) {
        const retryAfter = String(Math.max(1, Math.ceil(error.retryAfterMs / 1000)));
        return this.refuse(503, "Cannot verify the token now: the issuer's keys are unavailable", {
          'Retry-After': retryAfter,
        });
      }
      const reason = reasonOf(error);
      if (reason === undefined) throw error;
      return this.invalid(reason);
    }
  }

  private async verifyOrThrow(token: string): Promise<TokenVerdict> {
    const { iss, payload } = await this.verifiedPayload(token);
    const name = matchProfile(this.config.profiles, payload);
    const profile = name === undefined ? undefined : this.profiles.byName(name);
    if (!profile) {
      return this.refuse(403, 'The token grants no scope or claim that maps to an access profile', {
        'WWW-Authenticate': this.challenges.insufficientScope(),
      });
    }
    const holder = tokenHolderOf(iss, payload, () => createHash('sha256').update(token).digest('hex'));
    const subject = holder.kind === 'token' ? undefined : holder.id;
    const expiresAtMs = ((payload.exp as number) + this.config.clockSkewSeconds) * 1000;
    const bearer = { token, audiences: audiencesOf(payload) };
    return {
      status: 'authenticated',
      profile,
      holder,
      expiresAtMs,
      bearer,
      ...(subject === undefined ? {} : { subject }),
    };
  }

  /** The claims of a token that passes every check but the profile mapping; a failed check throws. */
  private async verifiedPayload(token: string): Promise<{ iss: string; payload: JWTPayload }> {
    const { alg } = decodeProtectedHeader(token);
    if (typeof alg !== 'string' || !this.config.algorithms.includes(alg)) {
      throw new errors.JOSEAlgNotAllowed('alg not allowed');
    }
    const { iss } = decodeJwt(token);
    if (!this.keys.isTrusted(iss)) throw new UntrustedIssuerError();
    const { payload } = await jwtVerify(token, await this.keys.of(iss), {
      issuer: iss,
      audience: this.config.resource,
      algorithms: [...this.config.algorithms],
      clockTolerance: this.config.clockSkewSeconds,
      requiredClaims: ['exp'],
    });
    this.checkIssuedAt(payload);
    return { iss: iss as string, payload };
  }

  /** `jose` checks that `iat` is a number, not when it was; a token from the future is not valid yet. */
  private checkIssuedAt(payload: JWTPayload): void {
    const now = Math.floor(Date.now() / 1000);
    if (typeof payload.iat === 'number' && payload.iat > now + this.config.clockSkewSeconds) {
      throw new IssuedInTheFutureError();
    }
  }

  private invalid(message: string): Refusal {
    return this.refuse(401, message, { 'WWW-Authenticate': this.challenges.invalidToken(message) });
  }

  private refuse(httpStatus: 401 | 403 | 503, message: string, headers: Record<string, string>): Refusal {
    return { status: 'refused', httpStatus, message, headers };
  }
}

/** `aud` as a list (RFC 7519 allows one string or an array). */
function audiencesOf(payload: JWTPayload): string[] {
  const { aud } = payload;
  if (typeof aud === 'string') return [aud];
  return Array.isArray(aud) ? aud.filter((value): value is string => typeof value === 'string') : [];
}
