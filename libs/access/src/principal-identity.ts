import { createHash } from 'node:crypto';
import type { TokenHolder } from './interfaces/token-holder.interface';

/**
 * The identity (`ClientAccess.keyId`, hex SHA-256) of a token holder. Issuer, kind and id are
 * JSON-encoded, so neither part can run into the other (`sub` "a" of issuer "x" is not `sub` "" of
 * "x\"a"), and the NUL byte keeps the digest apart from every API key's: keys are printable ASCII.
 */
export function tokenHolderKeyId(holder: TokenHolder): string {
  const encoded = JSON.stringify([holder.issuer, holder.kind, holder.id]);
  return createHash('sha256').update(`oauth\0${encoded}`, 'utf8').digest('hex');
}

/** The holder of a token of `issuer` with these claims; `tokenDigest` names a token that names nobody. */
export function tokenHolderOf(issuer: string, claims: Record<string, unknown>, tokenDigest: () => string): TokenHolder {
  if (typeof claims.sub === 'string' && claims.sub !== '') return { issuer, kind: 'sub', id: claims.sub };
  if (typeof claims.client_id === 'string' && claims.client_id !== '') {
    return { issuer, kind: 'client_id', id: claims.client_id };
  }
  return { issuer, kind: 'token', id: tokenDigest() };
}
