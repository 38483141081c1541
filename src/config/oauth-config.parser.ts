import { OAUTH_OPTION_TABLE, type OAuthConfig, type OAuthIssuerConfig, type OAuthProfileRule } from '@myko/access';
import { isWholeAtLeast } from '@myko/options';
import { isObject, type Json } from './json-object';
import { unknownPropertyMessage } from './unknown-property.message';

type Add = (path: string, problem: string) => void;

const OAUTH_KEYS = [
  'resource',
  'issuers',
  'profiles',
  'scopesSupported',
  'clockSkewSeconds',
  'algorithms',
  'jwksCooldownMs',
  'jwksCacheMaxAgeMs',
  'resourceName',
];
const ISSUER_KEYS = ['issuer', 'jwksUri'];
const RULE_KEYS = ['profile', 'match'];
/** Asymmetric JWS algorithms only: `none` and shared-secret HMAC can never verify a third party's token. */
export const OAUTH_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];
const DEFAULT_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function unknownKeys(value: Json, known: readonly string[], path: string, add: Add): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) add(`${path}.${key}`, unknownPropertyMessage(key, known));
  }
}

/** An absolute https URL (http only on a loopback host, for development), without fragment. */
function httpsUrl(value: unknown, path: string, add: Add, what: string): string | undefined {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  const secure = url && (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname)));
  if (!url || !secure || url.hash !== '' || url.username !== '' || url.password !== '') {
    add(path, `expected ${what}: an absolute https URL without fragment or credentials (http only on localhost)`);
    return undefined;
  }
  return value as string;
}

function stringList(value: unknown, path: string, add: Add): string[] | undefined {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && item.trim() !== '')) {
    add(path, 'expected an array of non-empty strings');
    return undefined;
  }
  return value as string[];
}

/** A whole-number setting of `OAUTH_OPTION_TABLE`: the value, or its default when omitted or invalid (reported). */
function count(section: Record<string, unknown>, key: keyof typeof OAUTH_OPTION_TABLE, add: Add): number {
  const { default: fallback, minimum } = OAUTH_OPTION_TABLE[key];
  const value = section[key];
  if (value === undefined) return fallback;
  if (isWholeAtLeast(value, minimum)) return value;
  add(`oauth.${key}`, `expected a whole number of at least ${minimum}`);
  return fallback;
}

function parseIssuer(value: unknown, path: string, add: Add): OAuthIssuerConfig | undefined {
  if (typeof value === 'string') {
    const issuer = httpsUrl(value, path, add, 'an issuer identifier');
    return issuer ? { issuer } : undefined;
  }
  if (!isObject(value)) {
    add(path, 'expected an issuer URL or {"issuer": <url>, "jwksUri": <url>}');
    return undefined;
  }
  unknownKeys(value, ISSUER_KEYS, path, add);
  const issuer = httpsUrl(value.issuer, `${path}.issuer`, add, 'an issuer identifier');
  const jwksUri =
    value.jwksUri === undefined ? undefined : httpsUrl(value.jwksUri, `${path}.jwksUri`, add, 'a JWKS URL');
  if (!issuer || (value.jwksUri !== undefined && !jwksUri)) return undefined;
  return { issuer, ...(jwksUri ? { jwksUri } : {}) };
}

function parseMatch(value: unknown, path: string, add: Add): OAuthProfileRule['match'] | undefined {
  const valid =
    isObject(value) &&
    Object.keys(value).length > 0 &&
    Object.values(value).every(
      (v) => (typeof v === 'string' && v !== '') || (Array.isArray(v) && v.length > 0 && stringList(v, path, () => {})),
    );
  if (!valid) {
    add(
      path,
      'expected {"<claim>": "<value>" | ["<value>", ...]} with at least one claim (e.g. {"scope": "myko:read"})',
    );
    return undefined;
  }
  return value as OAuthProfileRule['match'];
}

function parseRules(value: unknown, profiles: readonly string[], add: Add): OAuthProfileRule[] {
  if (!Array.isArray(value) || value.length === 0) {
    add('oauth.profiles', 'expected a non-empty array of {"profile": <name>, "match": {<claim>: <value>}} rules');
    return [];
  }
  return value.flatMap((rule, i) => {
    const path = `oauth.profiles[${i}]`;
    if (!isObject(rule)) {
      add(path, 'expected {"profile": <name>, "match": {<claim>: <value>}}');
      return [];
    }
    unknownKeys(rule, RULE_KEYS, path, add);
    const known = typeof rule.profile === 'string' && profiles.includes(rule.profile);
    if (!known) add(`${path}.profile`, `expected one of the profiles (${profiles.join(', ') || 'none'})`);
    const match = parseMatch(rule.match, `${path}.match`, add);
    return known && match ? [{ profile: rule.profile as string, match }] : [];
  });
}

function scopesOf(rules: readonly OAuthProfileRule[]): string[] {
  const scopes = rules.flatMap((rule) => [rule.match.scope ?? []].flat());
  return [...new Set(scopes)];
}

function parseAlgorithms(value: unknown, add: Add): string[] {
  if (value === undefined) return DEFAULT_ALGORITHMS;
  const list = Array.isArray(value) ? value : [];
  const bad = list.filter((alg) => !OAUTH_ALGORITHMS.includes(alg as string));
  if (list.length === 0 || bad.length > 0) {
    add('oauth.algorithms', `expected a non-empty array of ${OAUTH_ALGORITHMS.join(', ')} (never none or HS*)`);
    return DEFAULT_ALGORITHMS;
  }
  return list as string[];
}

/**
 * Validates the `oauth` section; each problem goes to `add` with its path (`oauth.issuers[0]`).
 * `profiles` are the names the rules may select.
 */
export function parseOAuthConfig(value: unknown, profiles: readonly string[], add: Add): OAuthConfig | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) {
    add('oauth', 'expected an object');
    return undefined;
  }
  unknownKeys(value, OAUTH_KEYS, 'oauth', add);
  const resource = httpsUrl(value.resource, 'oauth.resource', add, "this server's resource URI");
  if (resource && new URL(resource).search !== '') add('oauth.resource', 'a resource URI has no query (RFC 8707)');
  const issuersIn = Array.isArray(value.issuers) ? value.issuers : [];
  if (issuersIn.length === 0) add('oauth.issuers', 'expected a non-empty array of trusted issuers');
  const issuers = issuersIn.flatMap((issuer, i) => parseIssuer(issuer, `oauth.issuers[${i}]`, add) ?? []);
  const rules = parseRules(value.profiles, profiles, add);
  const scopes =
    value.scopesSupported === undefined
      ? scopesOf(rules)
      : stringList(value.scopesSupported, 'oauth.scopesSupported', add);
  if (value.resourceName !== undefined && typeof value.resourceName !== 'string')
    add('oauth.resourceName', 'expected a string');
  return {
    resource: resource ?? '',
    issuers,
    profiles: rules,
    scopesSupported: scopes ?? [],
    clockSkewSeconds: count(value, 'clockSkewSeconds', add),
    algorithms: parseAlgorithms(value.algorithms, add),
    jwksCooldownMs: count(value, 'jwksCooldownMs', add),
    jwksCacheMaxAgeMs: count(value, 'jwksCacheMaxAgeMs', add),
    ...(typeof value.resourceName === 'string' ? { resourceName: value.resourceName } : {}),
  };
}
