import { Inject, Injectable } from '@nestjs/common';
import { GATEWAYS_OPTIONS } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';

/** Distinct `Host`/`Origin` pairs whose verdict is remembered. */
const MAX_VERDICTS = 256;

interface ParsedAuthority {
  /** Lower-case host name; IPv6 in brackets (`[::1]`). */
  hostname: string;
  /** `hostname:port` when a port was given, else `hostname`. */
  host: string;
  /** `scheme://host[:port]` for origins. */
  origin?: string;
}

function parse(value: string, isOrigin: boolean): ParsedAuthority | undefined {
  try {
    const url = new URL(isOrigin ? value : `http://${value}`);
    if (!isOrigin && (url.pathname !== '/' || url.search || url.username)) return undefined;
    return {
      hostname: url.hostname.toLowerCase(),
      host: url.host.toLowerCase(),
      origin: isOrigin ? url.origin : undefined,
    };
  } catch {
    return undefined;
  }
}

function matches(entry: string, authority: ParsedAuthority): boolean {
  if (entry === '*') return true;
  if (entry.includes('://')) return authority.origin === entry;
  const hasPort = entry.startsWith('[') ? entry.includes(']:') : entry.includes(':');
  return hasPort ? authority.host === entry : authority.hostname === entry;
}

function normalizeEntry(entry: string): string {
  const trimmed = entry.trim().toLowerCase();
  if (trimmed.includes('://')) return parse(trimmed, true)?.origin ?? trimmed;
  // A bare IPv6 literal (`::1`) is written as URLs write it.
  return trimmed.includes(':') && !trimmed.startsWith('[') && trimmed.split(':').length > 2 ? `[${trimmed}]` : trimmed;
}

/**
 * DNS-rebinding and cross-site protection shared by the HTTP and WebSocket gateways: the `Host`
 * header must name an allowed host, and an `Origin` header, when sent, an allowed origin.
 * @publicApi
 */
@Injectable()
export class HostOriginPolicy {
  private readonly hosts: string[];
  private readonly origins: string[];

  constructor(@Inject(GATEWAYS_OPTIONS) options: Pick<ResolvedGatewaysOptions, 'allowedHosts' | 'allowedOrigins'>) {
    this.hosts = options.allowedHosts.map(normalizeEntry);
    this.origins = options.allowedOrigins.map(normalizeEntry);
  }

  /** Verdicts by `Host`/`Origin` pair: clients send the same few on every request; bounded. */
  private readonly verdicts = new Map<string, string | undefined>();

  /** Why a request with these headers is refused, or `undefined` when it may pass. */
  refusal(host: string | undefined, origin: string | undefined): string | undefined {
    const key = `${host ?? ''}\u0000${origin ?? '\u0000'}`;
    if (this.verdicts.has(key)) return this.verdicts.get(key);
    const verdict = this.decide(host, origin);
    if (this.verdicts.size >= MAX_VERDICTS) this.verdicts.clear();
    this.verdicts.set(key, verdict);
    return verdict;
  }

  private decide(host: string | undefined, origin: string | undefined): string | undefined {
    const parsedHost = host ? parse(host, false) : undefined;
    if (!parsedHost || !this.hosts.some((entry) => matches(entry, parsedHost))) {
      return `Host ${JSON.stringify(host ?? '')} is not allowed`;
    }
    if (origin === undefined) return undefined;
    const parsedOrigin = origin === 'null' ? undefined : parse(origin, true);
    if (!parsedOrigin || !this.origins.some((entry) => matches(entry, parsedOrigin))) {
      return `Origin ${JSON.stringify(origin)} is not allowed`;
    }
    return undefined;
  }
}
