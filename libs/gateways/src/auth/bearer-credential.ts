import type { IncomingHttpHeaders } from 'node:http';
import type { CredentialDoor } from '@myko/access';
import { JWT_SHAPE, WS_OAUTH_PROTOCOL_PREFIX } from './oauth.constants';

const BEARER = /^Bearer +(\S+)$/i;

/** Where a bearer token was found, or why the credentials are refused (ambiguous, or at the wrong door). */
export type TokenCredential =
  | { readonly token: string }
  | { readonly conflict: string; readonly httpStatus: 400 | 401 }
  | undefined;

const SUBPROTOCOL_ON_HTTP =
  'A token in Sec-WebSocket-Protocol is accepted only at a WebSocket handshake; send Authorization: Bearer <token>';

function subprotocolToken(headers: IncomingHttpHeaders): string | undefined {
  const offered = (headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
  const entry = offered.find((p) => p.startsWith(WS_OAUTH_PROTOCOL_PREFIX));
  return entry?.slice(WS_OAUTH_PROTOCOL_PREFIX.length);
}

/**
 * The JWT a request presents: `Authorization: Bearer <jwt>`, or at a WebSocket handshake the
 * `myko.oauth.<jwt>` subprotocol entry. `undefined` when there is none (an API key, or nothing),
 * so the API-key path decides. Two credentials at once are refused (RFC 6750 §2: one method only),
 * and so is a subprotocol entry on a plain HTTP request (400): the metadata advertises the header only.
 */
export function tokenCredential(headers: IncomingHttpHeaders, door: CredentialDoor = 'http'): TokenCredential {
  const { authorization } = headers;
  const fromHeader = typeof authorization === 'string' ? BEARER.exec(authorization.trim())?.[1] : undefined;
  const fromProtocol = subprotocolToken(headers);
  if (fromProtocol !== undefined && door !== 'websocket') return { conflict: SUBPROTOCOL_ON_HTTP, httpStatus: 400 };
  if (fromProtocol !== undefined && authorization !== undefined) {
    const conflict = 'Send one credential: an Authorization header or a token subprotocol entry, not both';
    return { conflict, httpStatus: 401 };
  }
  if (fromProtocol !== undefined) return { token: fromProtocol };
  return fromHeader !== undefined && JWT_SHAPE.test(fromHeader) ? { token: fromHeader } : undefined;
}
