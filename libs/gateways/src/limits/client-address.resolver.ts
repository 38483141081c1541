import type { IncomingMessage } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAYS_OPTIONS } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { AddressAllowList } from '../observability/address-allow-list';
import { peerAddress } from './client-address';
import { forwardedHops } from './forwarded-for.parser';

/**
 * The one client address of a request (HTTP, or a WebSocket upgrade) that every per-address mechanism
 * keys on: edge and rate limits, session and execute caps, abuse backoff, the identity of keyless
 * clients. It is the socket's peer, unless that peer is one of `trustedProxies`: then the right-most
 * hop of `Forwarded` (RFC 7239 `for=`) or `X-Forwarded-For` that is not itself a trusted proxy (each
 * proxy appends the address it saw, so hops left of it are whatever the client claimed). A header
 * from anyone else is ignored; one that a trusted proxy sent malformed falls back to the peer.
 * @publicApi
 */
@Injectable()
export class ClientAddressResolver {
  private readonly trusted?: AddressAllowList;
  private readonly resolved = new WeakMap<IncomingMessage, string>();

  constructor(@Inject(GATEWAYS_OPTIONS) options: Pick<ResolvedGatewaysOptions, 'trustedProxies'>) {
    if (options.trustedProxies.length > 0) this.trusted = new AddressAllowList(options.trustedProxies);
  }

  /** The client address of `req`, worked out once per request. */
  of(req: IncomingMessage): string {
    let address = this.resolved.get(req);
    if (address === undefined) {
      address = this.resolve(req);
      this.resolved.set(req, address);
    }
    return address;
  }

  private resolve(req: IncomingMessage): string {
    const peer = peerAddress(req);
    const trusted = this.trusted;
    if (!trusted?.allows(peer)) return peer;
    const hops = forwardedHops(req.headers.forwarded, req.headers['x-forwarded-for']);
    if (!hops) return peer;
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i];
      // A hop that is not an address cannot be charged: the peer is, as without the header.
      if (hop === undefined) return peer;
      if (i === 0 || !trusted.allows(hop)) return hop;
    }
    return peer;
  }
}
