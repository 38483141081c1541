import type { IncomingHttpHeaders } from 'node:http';
import {
  type BearerTokenAuthenticator,
  bearerChallenge,
  type CredentialDoor,
  type TokenClaimsVerdict,
  type TokenVerdict,
} from '@myko/access';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAYS_OPTIONS } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { tokenCredential } from './bearer-credential';
import { OAuthChallenges } from './oauth.challenges';
import { OAuthTokenVerifier } from './oauth-token.verifier';

const UNVERIFIED: Extract<TokenVerdict, { status: 'refused' }> = {
  status: 'refused',
  httpStatus: 401,
  message: 'The token was not verified',
  headers: { 'WWW-Authenticate': bearerChallenge({ error: 'invalid_token' }) },
};

/**
 * Bearer JWTs beside API keys, when the config has an `oauth` section. Verification is async (the
 * JWKS may need fetching), while the access of a request is resolved synchronously: the gateways call
 * {@link prepare} first, which stores the verdict against the request's header object, and the
 * resolver reads it with {@link verdictFor}. A token that was not prepared is refused, never ignored.
 */
@Injectable()
export class OAuthAuthenticator implements BearerTokenAuthenticator {
  readonly challenges?: OAuthChallenges;
  private readonly verifier?: OAuthTokenVerifier;
  private readonly verdicts = new WeakMap<IncomingHttpHeaders, TokenVerdict>();

  constructor(@Inject(GATEWAYS_OPTIONS) options: Pick<ResolvedGatewaysOptions, 'access'>) {
    const oauth = options.access?.oauth;
    if (!oauth || !options.access) return;
    this.challenges = new OAuthChallenges(oauth);
    this.verifier = new OAuthTokenVerifier(oauth, options.access, this.challenges);
  }

  get enabled(): boolean {
    return this.verifier !== undefined;
  }

  /** Verifies the request's token, if it has one; `undefined` (no promise) when there is nothing to wait for. */
  prepare(headers: IncomingHttpHeaders, door: CredentialDoor = 'http'): Promise<void> | undefined {
    if (!this.verifier) return undefined;
    const credential = tokenCredential(headers, door);
    if (!credential || !('token' in credential)) return undefined;
    return this.verifier.verify(credential.token).then((verdict) => {
      this.verdicts.set(headers, verdict);
    });
  }

  /** The verdict on the request's token; `undefined` when it presents none (the API-key path decides). */
  verdictFor(headers: IncomingHttpHeaders, door: CredentialDoor = 'http'): TokenVerdict | undefined {
    if (!this.verifier || !this.challenges) return undefined;
    const credential = tokenCredential(headers, door);
    if (!credential) return undefined;
    if ('conflict' in credential) {
      return {
        status: 'refused',
        httpStatus: credential.httpStatus,
        message: credential.conflict,
        headers: { 'WWW-Authenticate': this.challenges.invalidRequest(credential.conflict) },
      };
    }
    return this.verdicts.get(headers) ?? UNVERIFIED;
  }

  /** Verifies one token without mapping it to a profile (the admin API's scope); `undefined` when OAuth is off. */
  verifyClaims(token: string): Promise<TokenClaimsVerdict> | undefined {
    return this.verifier?.verifyClaims(token);
  }

  /** An API-key challenge with the metadata URL and scope added, so OAuth clients find the authorization server. */
  challenge(apiKeyParams: Readonly<Record<string, string>>): string {
    return this.challenges ? this.challenges.extend(apiKeyParams) : bearerChallenge(apiKeyParams);
  }
}
