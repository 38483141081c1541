import { type AccessProfiles, digestApiKey, digestsEqual, parseKeyHash } from '@myko/access';
import { ADMIN_REALM } from '../admin.constants';

/** Who sent an admin request: an admin, or why not (401: no or unknown credential; 403: an ordinary key). */
export type AdminCredential =
  | { readonly status: 'admin'; readonly principal: string }
  | { readonly status: 'unauthorized' | 'forbidden'; readonly message: string };

const BEARER = /^Bearer +([\x21-\x7e]{1,4096})$/i;
const KEY_ID_DIGITS = 12;

/** The `WWW-Authenticate` challenge of a 401. */
export const ADMIN_CHALLENGE = `Bearer realm="${ADMIN_REALM}"`;

/**
 * Checks an admin request's `Authorization: Bearer <admin key>` against the admin keys' hashes (every
 * one compared, in constant time). A key of an access profile is told it is no admin key (403) and
 * nothing more: an ordinary key learns nothing of the admin API's answers.
 */
export class AdminCredentials {
  private readonly digests: Buffer[];

  constructor(
    keys: readonly string[],
    private readonly access?: AccessProfiles,
  ) {
    this.digests = keys
      .map((stored) => parseKeyHash(stored))
      .filter((digest): digest is Buffer => digest !== undefined);
  }

  check(authorization: string | readonly string[] | undefined): AdminCredential {
    if (authorization === undefined) {
      return { status: 'unauthorized', message: 'An admin API key is required (Authorization: Bearer <admin key>)' };
    }
    const match = typeof authorization === 'string' ? BEARER.exec(authorization.trim()) : null;
    if (!match) return { status: 'unauthorized', message: 'The Authorization header must be one "Bearer <admin key>"' };
    const digest = digestApiKey(match[1]);
    let admin = false;
    for (const stored of this.digests) admin = digestsEqual(stored, digest) || admin;
    if (admin) return { status: 'admin', principal: `admin:${digest.toString('hex').slice(0, KEY_ID_DIGITS)}` };
    if (this.access?.resolveBearer(match[0]).status === 'authenticated') {
      return { status: 'forbidden', message: 'This API key is not an admin key' };
    }
    return { status: 'unauthorized', message: 'Unknown admin API key' };
  }
}
