import type { IncomingHttpHeaders } from 'node:http';
import { ClientFilters, type FilterNarrowing } from '@myko/filter';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { ACCESS_PROFILES, BEARER_TOKEN_AUTHENTICATOR } from './access.constants';
import type { AccessProfiles } from './access-profiles';
import { headerFilters } from './header-filters';
import type {
  BearerCredential,
  BearerTokenAuthenticator,
  CredentialDoor,
  TokenVerdict,
} from './interfaces/bearer-token-authenticator.interface';
import type { ProfileQuotas } from './interfaces/profile-quotas.interface';
import { tokenHolderKeyId } from './principal-identity';

/** Who a client is (its access profile's name, when one applies) and what it may see and call. */
export interface ClientAccess {
  readonly principal?: string;
  /**
   * The client's identity, one per principal (undefined: anonymous): the hex SHA-256 of the API key
   * presented, or of a bearer token's holder (issuer plus `sub`; else issuer plus `client_id`, a
   * namespace of its own; else the token itself). HTTP sessions, request state, per-key caps and
   * `ClientContext.clientId` are bound to it.
   */
  readonly keyId?: string;
  /** Who holds a bearer token (its `sub`, else `client_id`; for the audit); absent for API keys. */
  readonly subject?: string;
  /** When the bearer token stops being valid (ms since the epoch); absent for API keys. */
  readonly expiresAtMs?: number;
  /** The verified bearer token and its audiences (`auth.passThrough` connectors); absent for API keys. */
  readonly bearer?: BearerCredential;
  readonly filters: ClientFilters;
  /** What the `X-Myko-Tool-*` headers narrowed `filters` with, as sent; absent when they narrowed nothing. */
  readonly narrowing?: FilterNarrowing;
  /** The quotas of the client's access profile (`profiles.<name>.quotas`); absent: none. */
  readonly quotas?: ProfileQuotas;
}

/** Why a request or handshake is turned away, as an HTTP status, a message and response headers. */
export interface AccessRefusal {
  readonly status: 400 | 401 | 403 | 503;
  readonly message: string;
  readonly headers: Readonly<Record<string, string>>;
}

export type AccessResolution = { readonly access: ClientAccess } | { readonly refusal: AccessRefusal };

const REFUSAL_TITLES = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  503: 'Service Unavailable',
} as const;

function tokenRefusal(verdict: Extract<TokenVerdict, { status: 'refused' }>): AccessRefusal {
  const { httpStatus: status, message, headers } = verdict;
  return { status, message: `${REFUSAL_TITLES[status]}: ${message}`, headers };
}

/**
 * Turns request headers into a client's access, the same way for HTTP requests and WebSocket
 * handshakes: the `Authorization: Bearer` key selects a profile (401 with `WWW-Authenticate` when
 * it is required and missing, malformed or unknown), then the `X-Myko-Tool-*` headers narrow that
 * profile's filters (400 when malformed). Headers never widen a profile: the result is both ANDed.
 * @publicApi
 */
@Injectable()
export class ClientAccessResolver {
  /** profile filters → header filters → both; header filters are cached by their text, so pairs repeat. */
  private readonly combined = new WeakMap<ClientFilters, WeakMap<ClientFilters, ClientFilters>>();

  constructor(
    @Optional() @Inject(ACCESS_PROFILES) private readonly profiles?: AccessProfiles,
    @Optional() @Inject(BEARER_TOKEN_AUTHENTICATOR) private readonly oauth?: BearerTokenAuthenticator,
  ) {}

  /** Verifies a bearer token ahead of {@link resolve} (see `BearerTokenAuthenticator`); `undefined` when there is none. */
  prepare(headers: IncomingHttpHeaders, door: CredentialDoor = 'http'): Promise<void> | undefined {
    return this.oauth?.prepare(headers, door);
  }

  /** Whether requests must present a known key. */
  get authRequired(): boolean {
    return this.profiles?.authRequired ?? false;
  }

  /** The access of a request (`door`: `websocket` at a handshake, where a token subprotocol entry counts). */
  resolve(headers: IncomingHttpHeaders, door: CredentialDoor = 'http'): AccessResolution {
    const identity = this.identify(headers, door);
    if ('refusal' in identity) return identity;
    const parsed = headerFilters(headers);
    if ('error' in parsed) return { refusal: { status: 400, message: `Bad Request: ${parsed.error}`, headers: {} } };
    const { filters, ...who } = identity;
    const narrowing = parsed.narrowing === undefined ? {} : { narrowing: parsed.narrowing };
    return { access: { ...who, filters: this.and(filters, parsed.filters), ...narrowing } };
  }

  /** Who the client is: a verified bearer token's profile, else its API key's, else nobody (all allowed). */
  private identify(headers: IncomingHttpHeaders, door: CredentialDoor): ClientAccess | { refusal: AccessRefusal } {
    const token = this.oauth?.verdictFor(headers, door);
    if (token?.status === 'refused') return { refusal: tokenRefusal(token) };
    if (token) {
      const { profile, holder, subject, expiresAtMs, bearer } = token;
      return {
        principal: profile.name,
        keyId: tokenHolderKeyId(holder),
        ...(subject ? { subject } : {}),
        expiresAtMs,
        ...(bearer ? { bearer } : {}),
        filters: profile.filters,
        ...(profile.quotas ? { quotas: profile.quotas } : {}),
      };
    }
    if (!this.profiles) return { filters: ClientFilters.ALLOW_ALL };
    const bearer = this.profiles.resolveBearer(headers.authorization);
    if (bearer.status === 'unauthorized') {
      const challenge = this.oauth?.challenge(bearer.challengeParams) ?? bearer.challenge;
      return {
        refusal: {
          status: 401,
          message: `Unauthorized: ${bearer.message}`,
          headers: { 'WWW-Authenticate': challenge },
        },
      };
    }
    return {
      principal: bearer.profile?.name,
      ...(bearer.status === 'authenticated' ? { keyId: bearer.keyId } : {}),
      filters: bearer.profile?.filters ?? ClientFilters.ALLOW_ALL,
      ...(bearer.profile?.quotas ? { quotas: bearer.profile.quotas } : {}),
    };
  }

  private and(profile: ClientFilters, requested: ClientFilters): ClientFilters {
    if (profile.allowsAll || requested.allowsAll) return profile.and(requested);
    let byRequest = this.combined.get(profile);
    if (!byRequest) {
      byRequest = new WeakMap();
      this.combined.set(profile, byRequest);
    }
    let both = byRequest.get(requested);
    if (!both) {
      both = profile.and(requested);
      byRequest.set(requested, both);
    }
    return both;
  }
}
