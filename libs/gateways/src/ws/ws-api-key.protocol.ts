import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/**
 * A `Sec-WebSocket-Protocol` entry that carries an API key, for WebSocket clients that cannot set
 * headers (browsers): `base64url.bearer.myko.<the key, base64url-encoded>`, offered next to `mcp`,
 * the way Kubernetes carries bearer tokens (`base64url.bearer.authorization.k8s.io.<token>`). The
 * server never selects it, so the key is not echoed back. Keys are never read from the URL, which
 * ends up in access logs and browser history.
 */
export const WS_API_KEY_PROTOCOL_PREFIX = 'base64url.bearer.myko.';

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The entry a client offers for `key`. */
export function apiKeyProtocol(key: string): string {
  return WS_API_KEY_PROTOCOL_PREFIX + Buffer.from(key, 'utf8').toString('base64url');
}

/** The subprotocols a handshake offers, trimmed, in order. */
export function offeredProtocols(req: IncomingMessage): string[] {
  return (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
}

/**
 * The handshake's headers with a subprotocol-carried key as `Authorization: Bearer <key>`, or why
 * the offer is refused (400): a malformed entry, two of them, or one next to an `Authorization` header.
 */
export function headersWithProtocolKey(req: IncomingMessage): { headers: IncomingHttpHeaders } | { error: string } {
  const entries = offeredProtocols(req).filter((p) => p.startsWith(WS_API_KEY_PROTOCOL_PREFIX));
  if (entries.length === 0) return { headers: req.headers };
  if (entries.length > 1) return { error: 'offer at most one API key subprotocol' };
  if (req.headers.authorization !== undefined) {
    return { error: 'send the API key either as Authorization or as a subprotocol, not both' };
  }
  const encoded = entries[0].slice(WS_API_KEY_PROTOCOL_PREFIX.length);
  const key = BASE64URL.test(encoded) ? Buffer.from(encoded, 'base64url').toString('utf8') : '';
  if (key === '' || Buffer.from(key, 'utf8').toString('base64url') !== encoded) {
    return { error: `the API key subprotocol must be ${WS_API_KEY_PROTOCOL_PREFIX}<base64url of the key>` };
  }
  return { headers: { ...req.headers, authorization: `Bearer ${key}` } };
}
