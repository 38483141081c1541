/**
 * Prefix of the `Sec-WebSocket-Protocol` entry that carries a bearer token at a WebSocket handshake
 * (`mcp, myko.oauth.<jwt>`): browsers cannot set `Authorization` on a WebSocket, and a URL (query
 * string) ends up in access logs. The server never selects this entry; it answers with `mcp`.
 */
export const WS_OAUTH_PROTOCOL_PREFIX = 'myko.oauth.';

/** RFC 9728 §3: the protected-resource metadata lives under this well-known path. */
export const PROTECTED_RESOURCE_WELL_KNOWN = '/.well-known/oauth-protected-resource';

/** The three dot-separated base64url parts of a compact JWS; an API key never has this shape. */
export const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
