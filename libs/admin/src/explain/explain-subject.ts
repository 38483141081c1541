import { type AccessProfile, type AccessProfiles, matchProfile, type TokenClaims } from '@myko/access';
import { ClientFilters } from '@myko/filter';
import { AdminRequestError } from '../errors';
import type { ExplainedSubject, ExplainQuestion } from '../interfaces';

/** A subject resolved as the MCP endpoint resolves it: its profile and the filters every call passes. */
export interface ResolvedSubject {
  readonly subject: ExplainedSubject;
  readonly profile?: AccessProfile;
  readonly filters: ClientFilters;
}

/** How many hex digits of a key's SHA-256 name it in answers and audit lines. */
const KEY_ID_DIGITS = 12;

function described(profile: AccessProfile | undefined, via: ExplainedSubject['via'], keyId?: string): ExplainedSubject {
  return {
    profile: profile?.name ?? null,
    via,
    ...(keyId === undefined ? {} : { keyId }),
    ...(profile?.description === undefined ? {} : { description: profile.description }),
  };
}

/**
 * The subject of a question: a key is resolved by `AccessProfiles.resolveBearer` (what a request's
 * `Authorization: Bearer` header is resolved by), token claims by the `oauth.profiles` rules (as a verified
 * token's), a profile by name; none is an anonymous client.
 * @throws AdminRequestError 400 for more than one, 404 for a key, claims or profile the config does not map
 */
export function resolveSubject(access: AccessProfiles | undefined, question: ExplainQuestion): ResolvedSubject {
  const named = [question.key, question.profile, question.claims].filter((part) => part !== undefined);
  if (named.length > 1) throw new AdminRequestError(400, 'Name one of a key, a profile or token claims');
  if (question.key !== undefined) return byKey(access, question.key);
  if (question.claims !== undefined) return byClaims(access, question.claims);
  if (question.profile !== undefined) return byProfile(access, question.profile);
  const profile = access?.defaultProfile;
  return {
    subject: described(profile, 'anonymous'),
    profile,
    filters: access?.filtersFor(profile) ?? ClientFilters.ALLOW_ALL,
  };
}

function byKey(access: AccessProfiles | undefined, key: string): ResolvedSubject {
  const resolution = access?.resolveBearer(`Bearer ${key}`);
  if (resolution?.status !== 'authenticated') throw new AdminRequestError(404, 'No access profile has this key');
  const { profile } = resolution;
  return {
    subject: described(profile, 'key', resolution.keyId.slice(0, KEY_ID_DIGITS)),
    profile,
    filters: profile.filters,
  };
}

function byProfile(access: AccessProfiles | undefined, name: string): ResolvedSubject {
  const profile = access?.byName(name);
  if (!profile) {
    const known =
      access
        ?.list()
        .map((p) => p.name)
        .join(', ') || 'none';
    throw new AdminRequestError(404, `Unknown access profile "${name}" (known: ${known})`);
  }
  return { subject: described(profile, 'profile'), profile, filters: profile.filters };
}

/** The profile a verified token with these claims would get (the first `oauth.profiles` rule they match). */
function byClaims(access: AccessProfiles | undefined, claims: TokenClaims): ResolvedSubject {
  if (!access?.oauth) throw new AdminRequestError(404, 'The config has no oauth section: no token selects a profile');
  const name = matchProfile(access.oauth.profiles, claims);
  const profile = name === undefined ? undefined : access.byName(name);
  if (!profile)
    throw new AdminRequestError(404, 'No oauth.profiles rule matches these claims (a token with them is refused, 403)');
  return { subject: described(profile, 'claims'), profile, filters: profile.filters };
}
