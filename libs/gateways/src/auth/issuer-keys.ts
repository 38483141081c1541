import type { OAuthConfig, OAuthIssuerConfig } from '@myko/access';
import { createRemoteJWKSet, customFetch, type JWTVerifyGetKey } from 'jose';
import { guardedJwksFetch } from './guarded-jwks.fetch';
import { IssuerBackoff } from './issuer-backoff';
import { IssuerUnavailableError } from './issuer-unavailable.error';

const FETCH_TIMEOUT_MS = 5_000;

/** RFC 8414 §3 (path inserted after the host), then OpenID Connect Discovery (path appended). */
function discoveryUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}

async function discoverJwksUri(issuer: string): Promise<string | undefined> {
  for (const url of discoveryUrls(issuer)) {
    const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' }).catch(
      () => undefined,
    );
    if (!res?.ok) continue;
    const doc = (await res.json().catch(() => undefined)) as { issuer?: unknown; jwks_uri?: unknown } | undefined;
    // RFC 8414 §3.3: the document must name the issuer it was fetched for.
    if (doc?.issuer === issuer && typeof doc.jwks_uri === 'string') return doc.jwks_uri;
  }
  return undefined;
}

interface IssuerEntry {
  readonly config: OAuthIssuerConfig;
  /** One backoff for the discovery document and the JWKS: both are the issuer being unavailable. */
  readonly backoff: IssuerBackoff;
  keys?: JWTVerifyGetKey;
  /** The discovery under way, shared by the requests that wait for it. */
  discovering?: Promise<JWTVerifyGetKey>;
}

/**
 * The signing keys of each trusted issuer: a `jose` remote JWKS (cached, refetched when a token
 * names an unknown `kid`, at most once per cooldown, so a rotated key is picked up on its first
 * use). The JWKS URL comes from the config or the issuer's discovery document (read once). A failing
 * issuer is backed off ({@link IssuerBackoff}): its failures and waits are {@link IssuerUnavailableError}s.
 */
export class IssuerKeys {
  private readonly byIssuer = new Map<string, IssuerEntry>();

  constructor(private readonly config: Pick<OAuthConfig, 'issuers' | 'jwksCooldownMs' | 'jwksCacheMaxAgeMs'>) {
    for (const issuer of config.issuers) {
      const entry: IssuerEntry = { config: issuer, backoff: new IssuerBackoff() };
      if (issuer.jwksUri) entry.keys = this.remoteKeys(issuer.issuer, issuer.jwksUri, entry.backoff);
      this.byIssuer.set(issuer.issuer, entry);
    }
  }

  isTrusted(issuer: unknown): issuer is string {
    return typeof issuer === 'string' && this.byIssuer.has(issuer);
  }

  /** The key getter of a trusted issuer (discovering its JWKS URL on first use). */
  async of(issuer: string): Promise<JWTVerifyGetKey> {
    const entry = this.byIssuer.get(issuer);
    if (!entry) throw new Error(`untrusted issuer ${issuer}`);
    if (entry.keys) return entry.keys;
    entry.discovering ??= this.discover(entry).finally(() => {
      entry.discovering = undefined;
    });
    return entry.discovering;
  }

  private async discover(entry: IssuerEntry): Promise<JWTVerifyGetKey> {
    const { issuer } = entry.config;
    const unavailable = () =>
      new IssuerUnavailableError(`cannot discover the JWKS of issuer ${issuer}`, entry.backoff.remainingMs());
    if (entry.backoff.remainingMs() > 0) throw unavailable();
    const uri = await discoverJwksUri(issuer);
    if (uri === undefined) {
      entry.backoff.failed();
      throw unavailable();
    }
    entry.backoff.succeeded();
    entry.keys = this.remoteKeys(issuer, uri, entry.backoff);
    return entry.keys;
  }

  private remoteKeys(issuer: string, uri: string, backoff: IssuerBackoff): JWTVerifyGetKey {
    return createRemoteJWKSet(new URL(uri), {
      cooldownDuration: this.config.jwksCooldownMs,
      cacheMaxAge: this.config.jwksCacheMaxAgeMs,
      timeoutDuration: FETCH_TIMEOUT_MS,
      [customFetch]: guardedJwksFetch(issuer, backoff),
    });
  }
}
