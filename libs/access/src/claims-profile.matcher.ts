import type { OAuthProfileRule } from './interfaces/oauth-config.interface';

/** A token's claims (a verified JWT's payload, or claims an operator asks the access explainer about). */
export type TokenClaims = Readonly<Record<string, unknown>>;

/** The granted scopes: the space-separated `scope` claim (RFC 9068) and an `scp` string or array. */
export function grantedScopes(claims: TokenClaims): Set<string> {
  const scopes = new Set<string>();
  for (const claim of [claims.scope, claims.scp]) {
    const values = Array.isArray(claim) ? claim : typeof claim === 'string' ? claim.split(' ') : [];
    for (const value of values) if (typeof value === 'string' && value !== '') scopes.add(value);
  }
  return scopes;
}

/** A collision-resistant claim name (RFC 7519 §4.2), e.g. `https://example.com/roles`: dots belong to it. */
const URI_NAME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The path a rule's claim name reads: a dotted name is a path into nested objects
 * (`realm_access.roles`), never a top-level claim of that literal name; a URI is one claim's name.
 */
export function claimPath(name: string): string[] {
  return URI_NAME.test(name) ? [name] : name.split('.');
}

function claimValues(claims: TokenClaims, name: string): Set<string> {
  const value = claimPath(name).reduce<unknown>((at, key) => {
    return typeof at === 'object' && at !== null && Object.hasOwn(at, key)
      ? (at as Record<string, unknown>)[key]
      : undefined;
  }, claims);
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return new Set(list.filter((v) => ['string', 'number', 'boolean'].includes(typeof v)).map(String));
}

function matches(rule: OAuthProfileRule, claims: TokenClaims, scopes: Set<string>): boolean {
  return Object.entries(rule.match).every(([claim, wanted]) => {
    const present = claim === 'scope' ? scopes : claimValues(claims, claim);
    return [wanted].flat().every((value) => present.has(value));
  });
}

/** The profile name of the first rule whose every claim is present in the token; none: `undefined`. */
export function matchProfile(rules: readonly OAuthProfileRule[], claims: TokenClaims): string | undefined {
  const scopes = grantedScopes(claims);
  return rules.find((rule) => matches(rule, claims, scopes))?.profile;
}
