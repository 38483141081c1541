import type { IncomingMessage } from 'node:http';

const IPV4_MAPPED = '::ffff:';

/**
 * The peer address of the connection, IPv4-mapped IPv6 written as IPv4. `X-Forwarded-For` is not
 * read: behind a proxy every client shares the proxy's address, so per-address limits must be set
 * with that in mind (or the proxy must enforce its own).
 */
export function clientAddress(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? 'unknown';
  return address.startsWith(IPV4_MAPPED) && address.includes('.') ? address.slice(IPV4_MAPPED.length) : address;
}

/** The rate limit key: the API key's principal when there is one, else the client address. */
export function rateLimitKey(principal: string | undefined, address: string): string {
  return principal === undefined ? `address:${address}` : `principal:${principal}`;
}

/**
 * Who a client is across its sessions (`ClientContext.clientId`): its identity (a prefix of
 * `ClientAccess.keyId`: an API key's SHA-256, or a token holder's), else its address.
 */
export function clientIdOf(keyId: string | undefined, address: string): string {
  return keyId === undefined ? `address:${address}` : `key:${keyId.slice(0, 16)}`;
}
