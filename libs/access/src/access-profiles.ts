import { ClientFilters } from '@myko/filter';
import { acceptedCredentials, capitalized } from './accepted-credentials';
import { digestApiKey, digestsEqual, parseKeyHash } from './api-key.util';
import type { AccessProfile } from './interfaces/access-profile.interface';
import type { AccessProfilesConfig, ToolMode } from './interfaces/access-profiles-config.interface';
import type { OAuthConfig } from './interfaces/oauth-config.interface';
import { bearerChallenge } from './www-authenticate';

/**
 * The outcome of an `Authorization` header. `unauthorized` carries a ready `WWW-Authenticate`
 * challenge (RFC 6750): without `error` for a missing key, `invalid_token` for a malformed or unknown one.
 */
export type BearerResolution =
  | {
      readonly status: 'authenticated';
      readonly profile: AccessProfile;
      /** Hex SHA-256 of the key presented: tells keys of one profile apart (sessions belong to a key). */
      readonly keyId: string;
    }
  | { readonly status: 'anonymous'; readonly profile?: AccessProfile }
  | {
      readonly status: 'unauthorized';
      readonly reason: 'missing' | 'malformed' | 'unknown-key';
      readonly message: string;
      readonly challenge: string;
      /** The challenge's parameters besides `realm`, for a caller that adds its own (OAuth). */
      readonly challengeParams: Readonly<Record<string, string>>;
    };

const BEARER = /^Bearer +([\x21-\x7e]{1,4096})$/i;
function unauthorized(reason: 'missing' | 'malformed' | 'unknown-key', message: string): BearerResolution {
  const challengeParams: Record<string, string> =
    reason === 'missing' ? {} : { error: 'invalid_token', error_description: message };
  return { status: 'unauthorized', reason, message, challenge: bearerChallenge(challengeParams), challengeParams };
}

/**
 * Named access profiles bound to API keys (stored as SHA-256 hashes). A request's effective filter
 * is its profile's filters AND its own headers' (`profile.filters.and(headerFilters)`), so headers
 * can narrow a profile but never widen it.
 * @publicApi
 */
export class AccessProfiles {
  private readonly profiles = new Map<string, AccessProfile>();
  private readonly keys: { digest: Buffer; profile: AccessProfile }[] = [];
  /** When true, a request without a known key is refused. */
  readonly authRequired: boolean;
  readonly defaultProfile?: AccessProfile;
  readonly toolMode?: ToolMode;
  /** Bearer JWTs of trusted issuers, beside the API keys (verified by the gateways). */
  readonly oauth?: OAuthConfig;
  /**
   * What a client may present, in words (`an API key`, `a bearer token from https://idp.example`, or
   * both); undefined when the config has neither keys nor `oauth`.
   */
  readonly accepts?: string;

  /**
   * Takes a config already validated (the launcher's `parseAccessConfig`): every key a
   * `sha256:<hex>` hash, every profile's filters well-formed.
   */
  constructor(config: AccessProfilesConfig) {
    for (const [name, profile] of Object.entries(config.profiles)) {
      const filters = ClientFilters.from(profile, `profiles.${name}`);
      const { description, toolMode, quotas } = profile;
      const built: AccessProfile = { name, description, toolMode, filters, ...(quotas ? { quotas } : {}) };
      this.profiles.set(name, built);
      for (const stored of profile.keys) this.keys.push({ digest: parseKeyHash(stored)!, profile: built });
    }
    this.authRequired = config.auth.required;
    this.defaultProfile = config.defaultProfile ? this.profiles.get(config.defaultProfile) : undefined;
    this.toolMode = config.toolMode;
    this.oauth = config.oauth;
    this.accepts = acceptedCredentials(this.keys.length > 0, config.oauth);
  }

  list(): AccessProfile[] {
    return [...this.profiles.values()];
  }

  byName(name: string): AccessProfile | undefined {
    return this.profiles.get(name);
  }

  /**
   * The filters of a profile (by value or name). No profile (an anonymous request without a default
   * profile) restricts nothing. An unknown name throws: a typo must not grant everything.
   */
  filtersFor(profile: AccessProfile | string | undefined): ClientFilters {
    if (profile === undefined) return ClientFilters.ALLOW_ALL;
    if (typeof profile !== 'string') return profile.filters;
    const found = this.profiles.get(profile);
    if (!found) throw new Error(`Unknown access profile: ${profile} (known: ${[...this.profiles.keys()].join(', ')})`);
    return found.filters;
  }

  /**
   * Resolves an `Authorization` header. A malformed header or an unknown key is refused even when auth
   * is not required: a client that tried to authenticate must not silently get the default profile.
   */
  resolveBearer(authorization?: string | readonly string[]): BearerResolution {
    if (authorization === undefined) {
      if (this.authRequired) return unauthorized('missing', this.missingMessage());
      return { status: 'anonymous', profile: this.defaultProfile };
    }
    const match = typeof authorization === 'string' ? BEARER.exec(authorization.trim()) : null;
    if (!match) return unauthorized('malformed', 'The Authorization header must be one "Bearer <key>"');
    const digest = digestApiKey(match[1]);
    const profile = this.match(digest);
    if (!profile) return unauthorized('unknown-key', this.unknownKeyMessage());
    return { status: 'authenticated', profile, keyId: digest.toString('hex') };
  }

  /** `An API key is required (Authorization: Bearer <key>)`, or what an OAuth server takes instead. */
  private missingMessage(): string {
    const what = this.keys.length > 0 ? (this.oauth ? '<key or token>' : '<key>') : '<token>';
    return `${capitalized(this.accepts ?? 'an API key')} is required (Authorization: Bearer ${what})`;
  }

  /** A bearer that is no JWT and no known key: on a server without keys, say it takes tokens only. */
  private unknownKeyMessage(): string {
    if (this.keys.length > 0 || !this.accepts) return 'Unknown API key';
    return `Not a bearer token (JWT), and this server takes no API keys: send ${this.accepts}`;
  }

  /** Compares against every stored key, without stopping early. */
  private match(digest: Buffer): AccessProfile | undefined {
    let found: AccessProfile | undefined;
    for (const entry of this.keys) {
      if (digestsEqual(entry.digest, digest) && !found) found = entry.profile;
    }
    return found;
  }
}
