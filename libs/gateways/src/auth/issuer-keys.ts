import type { OAuthConfig, OAuthIssuerConfig } from '@myko/access';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';

const DISCOVERY_TIMEOUT_MS = 5_000;
/** A failed discovery is retried at most this often, so a down issuer is not hammered per request. */
const DISCOVERY_RETRY_MS = 5_000;

/** Thrown when an issuer's keys cannot be fetched: the token may be fine, so this is no 401. */
export class IssuerUnavailableError extends Error {
  override readonly name = 'IssuerUnavailableError';
}

/** RFC 8414 §3 (path inserted after the host), then OpenID Connect Discovery (path appended). */
function discoveryUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}

async function discoverJwksUri(issuer: string): Promise<string> {
  for (const url of discoveryUrls(issuer)) {
    const res = await fetch(url, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS), redirect: 'error' }).catch(
      () => undefined,
    );
    if (!res?.ok) continue;
    const doc = (await res.json().catch(() => undefined)) as { issuer?: unknown; jwks_uri?: unknown } | undefined;
    // RFC 8414 §3.3: the document must name the issuer it was fetched for.
    if (doc?.issuer === issuer && typeof doc.jwks_uri === 'string') return doc.jwks_uri;
  }
  throw new IssuerUnavailableError(`cannot discover the JWKS of issuer ${issuer}`);
}

/**
 * The signing keys of each trusted issuer: a `jose` remote JWKS (cached, refetched when a token
 * names an unknown `kid`, at most once per cooldown, so a rotated key is picked up on its first
 * use). The JWKS URL comes from the config or the issuer's discovery document (read once).
 */
export class IssuerKeys {
  private readonly byIssuer = new Map<
    string,
    { config: OAuthIssuerConfig; keys?: JWTVerifyGetKey; failedAt?: number }
  >();

  constructor(private readonly config: Pick<OAuthConfig, 'issuers' | 'jwksCooldownMs' | 'jwksCacheMaxAgeMs'>) {
    for (const issuer of config.issuers) this.byIssuer.set(issuer.issuer, { config: issuer });
  }

  isTrusted(issuer: unknown): issuer is string {
    return typeof issuer === 'string' && this.byIssuer.has(issuer);
  }

  /** The key getter of a trusted issuer (discovering its JWKS URL on first use). */
  async of(issuer: string): Promise<JWTVerifyGetKey> {
    const entry = this.byIssuer.get(issuer);
    if (!entry) throw new Error(`untrusted issuer ${issuer}`);
    if (entry.keys) return entry.keys;
    if (entry.failedAt !== undefined && Date.now() - entry.failedAt < DISCOVERY_RETRY_MS) {
      throw new IssuerUnavailableError(`cannot discover the JWKS of issuer ${issuer}`);
    }
    try {
      const uri = entry.config.jwksUri ?? (await discoverJwksUri(issuer));
      entry.keys ??= createRemoteJWKSet(new URL(uri), {
        cooldownDuration: this.config.jwksCooldownMs,
        cacheMaxAge: this.config.jwksCacheMaxAgeMs,
      });
      return entry.keys;
    } catch (error) {
      entry.failedAt = Date.now();
      throw error;
    }
  }
}
