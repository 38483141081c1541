import type { IncomingMessage } from 'node:http';
import { unmapped } from './forwarded-for.parser';

/**
 * The peer address of the connection, IPv4-mapped IPv6 written as IPv4. The client address that
 * limits key on is `ClientAddressResolver.of(req)`: this peer, or behind a trusted proxy the address
 * it forwarded.
 */
export function peerAddress(req: IncomingMessage): string {
  return unmapped(req.socket.remoteAddress ?? 'unknown');
}

/**
 * The rate limit key: the principal, one bucket per API key or token identity (`ClientAccess.keyId`), else per
 * client address. Never the profile: one key flooding must not throttle the other keys of its profile, nor one
 * keyless client every keyless client of a `defaultProfile`.
 */
export function rateLimitKey(keyId: string | undefined, address: string): string {
  return clientIdOf(keyId, address);
}

/**
 * Who a client is across its sessions (`ClientContext.clientId`): its identity (a prefix of
 * `ClientAccess.keyId`: an API key's SHA-256, or a token holder's), else its address.
 */
export function clientIdOf(keyId: string | undefined, address: string): string {
  return keyId === undefined ? `address:${address}` : `key:${keyId.slice(0, 16)}`;
}
