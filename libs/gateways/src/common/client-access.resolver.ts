import type { IncomingHttpHeaders } from 'node:http';
import { type AccessProfiles, ClientFilters } from '@myko/filter';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAYS_OPTIONS } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { headerFilters } from './header-filters';

/** Who a client is (its access profile's name, when one applies) and what it may see and call. */
export interface ClientAccess {
  readonly principal?: string;
  /** Hex SHA-256 of the API key presented (undefined: no key): what an HTTP session is bound to. */
  readonly keyId?: string;
  readonly filters: ClientFilters;
}

/** Why a request or handshake is turned away, as an HTTP status, a message and response headers. */
export interface AccessRefusal {
  readonly status: 400 | 401;
  readonly message: string;
  readonly headers: Readonly<Record<string, string>>;
}

export type AccessResolution = { readonly access: ClientAccess } | { readonly refusal: AccessRefusal };

/**
 * Turns request headers into a client's access, the same way for HTTP requests and WebSocket
 * handshakes: the `Authorization: Bearer` key selects a profile (401 with `WWW-Authenticate` when
 * it is required and missing, malformed or unknown), then the `X-Myko-Tool-*` headers narrow that
 * profile's filters (400 when malformed). Headers never widen a profile: the result is both ANDed.
 * @publicApi
 */
@Injectable()
export class ClientAccessResolver {
  private readonly profiles?: AccessProfiles;
  /** profile filters → header filters → both; header filters are cached by their text, so pairs repeat. */
  private readonly combined = new WeakMap<ClientFilters, WeakMap<ClientFilters, ClientFilters>>();

  constructor(@Inject(GATEWAYS_OPTIONS) options: Pick<ResolvedGatewaysOptions, 'access'>) {
    this.profiles = options.access;
  }

  /** Whether requests must present a known key. */
  get authRequired(): boolean {
    return this.profiles?.authRequired ?? false;
  }

  resolve(headers: IncomingHttpHeaders): AccessResolution {
    let principal: string | undefined;
    let keyId: string | undefined;
    let base = ClientFilters.ALLOW_ALL;
    if (this.profiles) {
      const bearer = this.profiles.resolveBearer(headers.authorization);
      if (bearer.status === 'unauthorized') {
        const headers = { 'WWW-Authenticate': bearer.challenge };
        return { refusal: { status: 401, message: `Unauthorized: ${bearer.message}`, headers } };
      }
      principal = bearer.profile?.name;
      keyId = bearer.status === 'authenticated' ? bearer.keyId : undefined;
      base = bearer.profile?.filters ?? base;
    }
    const parsed = headerFilters(headers);
    if ('error' in parsed) return { refusal: { status: 400, message: `Bad Request: ${parsed.error}`, headers: {} } };
    const filters = this.and(base, parsed.filters);
    return { access: keyId === undefined ? { principal, filters } : { principal, keyId, filters } };
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

/** Names a key without holding it: the first 16 hex digits of the SHA-256 of its `Authorization` value. */
