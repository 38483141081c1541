import type { AccessProfile, AccessProfiles } from '@myko/access';
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
 * `Authorization: Bearer` header is resolved by), a profile by name; neither is an anonymous client.
 * @throws AdminRequestError 400 for both at once, 404 for a key or profile the config does not have
 */
export function resolveSubject(access: AccessProfiles | undefined, question: ExplainQuestion): ResolvedSubject {
  if (question.key !== undefined && question.profile !== undefined) {
    throw new AdminRequestError(400, 'Name a key or a profile, not both');
  }
  if (question.key !== undefined) return byKey(access, question.key);
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
