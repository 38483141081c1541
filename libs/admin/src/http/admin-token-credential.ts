import { type BearerTokenAuthenticator, grantedScopes } from '@myko/access';
import { ADMIN_REALM } from '../admin.constants';
import type { AdminCredential } from './admin-credential.type';

/**
 * An OAuth bearer token as an admin credential (`admin.scope`): it must verify as the MCP door verifies
 * tokens (issuer, signature, audience, lifetime) and grant the admin scope; which profile it would map
 * to does not matter. Refusals carry the MCP door's challenge parameters (`resource_metadata`, and the
 * admin scope as the one to ask for) under the admin realm, so an OAuth client finds what to request.
 */
export class AdminTokenCredential {
  constructor(
    private readonly tokens: BearerTokenAuthenticator,
    private readonly scope: string,
  ) {}

  /** The challenge of a 401 or 403, with `error` and its description when there is one. */
  challenge(error?: string, description?: string): Record<string, string> {
    const params: Record<string, string> = { realm: ADMIN_REALM, scope: this.scope };
    if (error !== undefined) params.error = error;
    if (description !== undefined) params.error_description = description;
    return { 'WWW-Authenticate': this.tokens.challenge(params) };
  }

  /** The token's verdict; `undefined` when OAuth is off (then no token is an admin credential). */
  async check(token: string): Promise<AdminCredential | undefined> {
    const verdict = await this.tokens.verifyClaims?.(token);
    if (verdict === undefined) return undefined;
    if (verdict.status === 'refused') {
      const status = verdict.httpStatus === 503 ? 503 : 401;
      const headers = status === 401 ? this.challenge('invalid_token', verdict.message) : verdict.headers;
      return { status, message: verdict.message, headers };
    }
    if (!grantedScopes(verdict.claims).has(this.scope)) {
      const message = 'The token does not grant the admin scope';
      return { status: 403, message, headers: this.challenge('insufficient_scope', message) };
    }
    return { status: 'admin', principal: `oauth:${verdict.subject ?? 'unnamed'}` };
  }
}
