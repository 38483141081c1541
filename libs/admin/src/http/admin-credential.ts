import {
  type AccessProfiles,
  type BearerTokenAuthenticator,
  digestApiKey,
  digestsEqual,
  parseKeyHash,
} from '@myko/access';
import { ADMIN_REALM } from '../admin.constants';
import type { AdminCredential } from './admin-credential.type';
import { AdminTokenCredential } from './admin-token-credential';

const BEARER = /^Bearer +([\x21-\x7e]{1,4096})$/i;
const KEY_ID_DIGITS = 12;

/** The `WWW-Authenticate` challenge of a 401 when only admin keys are admin credentials. */
export const ADMIN_CHALLENGE = `Bearer realm="${ADMIN_REALM}"`;

/**
 * Checks an admin request's `Authorization: Bearer <admin key | token>`: against the admin keys' hashes
 * (every one compared, in constant time), then, with an admin scope, as an OAuth token granting it. A key
 * of an access profile is told it is no admin key (403) and nothing more: an ordinary key learns nothing
 * of the admin API's answers.
 */
export class AdminCredentials {
  private readonly digests: Buffer[];
  private readonly token?: AdminTokenCredential;

  constructor(
    keys: readonly string[],
    private readonly access?: AccessProfiles,
    admin?: { readonly tokens?: BearerTokenAuthenticator; readonly scope?: string },
  ) {
    this.digests = keys
      .map((stored) => parseKeyHash(stored))
      .filter((digest): digest is Buffer => digest !== undefined);
    if (admin?.tokens && admin.scope) this.token = new AdminTokenCredential(admin.tokens, admin.scope);
  }

  async check(authorization: string | readonly string[] | undefined): Promise<AdminCredential> {
    if (authorization === undefined)
      return this.unauthorized('An admin credential is required (Authorization: Bearer <admin key or token>)');
    const match = typeof authorization === 'string' ? BEARER.exec(authorization.trim()) : null;
    if (!match) return this.unauthorized('The Authorization header must be one "Bearer <admin key or token>"');
    const digest = digestApiKey(match[1]);
    let admin = false;
    for (const stored of this.digests) admin = digestsEqual(stored, digest) || admin;
    if (admin) return { status: 'admin', principal: `admin:${digest.toString('hex').slice(0, KEY_ID_DIGITS)}` };
    if (this.access?.resolveBearer(match[0]).status === 'authenticated') {
      return { status: 403, message: 'This API key is not an admin key', headers: {} };
    }
    return (await this.token?.check(match[1])) ?? this.unauthorized('Unknown admin API key');
  }

  private unauthorized(message: string): AdminCredential {
    const headers = this.token ? this.token.challenge() : { 'WWW-Authenticate': ADMIN_CHALLENGE };
    return { status: 401, message, headers };
  }
}
