import { JwksIssuer } from '../helpers/jwks-issuer.server';
import { type OAuthApp, postMcp, startOAuthApp, wsHandshake } from '../helpers/oauth-fixtures';
import { releaseAll } from '../helpers/releases';

jest.setTimeout(60_000);

let first: JwksIssuer;
let second: JwksIssuer;
let app: OAuthApp;

beforeAll(async () => {
  first = await JwksIssuer.start('first-key');
  second = await JwksIssuer.start('second-key');
  app = await startOAuthApp({
    issuers: [first.issuer, { issuer: second.issuer, jwksUri: second.jwksUri }],
    profiles: [
      { profile: 'ops', match: { 'realm_access.roles': 'ops' } },
      { profile: 'support', match: { scope: 'myko:read' } },
    ],
    scopesSupported: ['myko:read', 'myko:ops'],
    clockSkewSeconds: 5,
  });
});

afterAll(() =>
  releaseAll(
    () => app?.close(),
    () => first?.stop(),
    () => second?.stop(),
  ),
);

const aud = () => app.mcpUrl.href;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Opens a session with one token, then lists tools on it with another: the status says who may. */
async function reuse(opener: string, caller: string): Promise<number> {
  const opened = await postMcp(app.mcpUrl, bearer(opener));
  expect(opened.status).toBe(200);
  const session = opened.headers.get('mcp-session-id') ?? '';
  await opened.text();
  expect(session).not.toBe('');
  const headers = { ...bearer(caller), 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
  const res = await postMcp(app.mcpUrl, headers, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
  await res.text();
  return res.status;
}

describe('one identity per token holder: issuer plus sub, or issuer plus client_id apart', () => {
  const read = { scope: 'myko:read' };

  it('the same holder with a fresh token keeps the session (positive control)', async () => {
    const a = await first.sign({ ...read, aud: aud(), sub: 'alice', jti: 'a' });
    const b = await first.sign({ ...read, aud: aud(), sub: 'alice', jti: 'b' });
    expect(await reuse(a, b)).toBe(200);
  });

  it('finding 1: the same sub from another trusted issuer gets 404', async () => {
    const mine = await first.sign({ ...read, aud: aud(), sub: 'alice' });
    const theirs = await second.sign({ ...read, aud: aud(), sub: 'alice' });
    expect(await reuse(mine, theirs)).toBe(404);
  });

  it('finding 2: a client-credentials token with client_id alice is not user alice', async () => {
    const user = await first.sign({ ...read, aud: aud(), sub: 'alice' });
    const client = await first.sign({ ...read, aud: aud(), client_id: 'alice' });
    expect(await reuse(user, client)).toBe(404);
    expect(await reuse(client, user)).toBe(404);
  });

  it('finding 3: a token with neither sub nor client_id owns its session alone', async () => {
    const one = await first.sign({ ...read, aud: aud(), jti: 'one' });
    const other = await first.sign({ ...read, aud: aud(), jti: 'other' });
    expect(await reuse(one, other)).toBe(404);
    expect(await reuse(one, one)).toBe(200);
  });
});

describe('claims checked as documented', () => {
  it('finding 7: a token issued in the future beyond the skew is refused, naming iat', async () => {
    const future = await first.sign({
      scope: 'myko:read',
      aud: aud(),
      sub: 'x',
      iat: Math.floor(Date.now() / 1000) + 3600,
    });
    const res = await postMcp(app.mcpUrl, bearer(future));
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/error="invalid_token".*iat/);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/\biat\b/);
    const withinSkew = await first.sign({
      scope: 'myko:read',
      aud: aud(),
      sub: 'x',
      iat: Math.floor(Date.now() / 1000) + 2,
    });
    expect((await postMcp(app.mcpUrl, bearer(withinSkew))).status).toBe(200);
  });

  it('finding 8: a dotted rule reads the nested path, never a top-level claim of that literal name', async () => {
    const literal = await first.sign({
      aud: aud(),
      sub: 'x',
      'realm_access.roles': 'ops',
      realm_access: { roles: [] },
    });
    expect((await postMcp(app.mcpUrl, bearer(literal))).status).toBe(403);
    const nested = await first.sign({ aud: aud(), sub: 'x', realm_access: { roles: ['ops'] } });
    expect((await postMcp(app.mcpUrl, bearer(nested))).status).toBe(200);
  });
});

describe('only the documented doors', () => {
  it('finding 10: a token subprotocol entry on a plain HTTP request is refused; the handshake takes it', async () => {
    const token = await first.sign({ scope: 'myko:read', aud: aud(), sub: 'door' });
    const res = await postMcp(app.mcpUrl, { 'Sec-WebSocket-Protocol': `mcp, myko.oauth.${token}` });
    expect(res.status).toBe(400);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_request"');
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/WebSocket handshake/);
    expect((await wsHandshake(app.wsUrl, ['mcp', `myko.oauth.${token}`])).status).toBe(101);
  });
});

/** RFC 7235 `auth-scheme 1*SP #auth-param`, each value a token or a quoted-string; `undefined`: malformed. */
function parseChallenge(header: string): Record<string, string> | undefined {
  const param = /([!#$%&'*+.^_`|~0-9A-Za-z-]+)=(?:([!#$%&'*+.^_`|~0-9A-Za-z-]+)|"((?:[^"\\]|\\.)*)")/y;
  const scheme = /^Bearer +/.exec(header);
  if (!scheme) return undefined;
  const params: Record<string, string> = {};
  param.lastIndex = scheme[0].length;
  for (;;) {
    const match = param.exec(header);
    if (!match) return undefined;
    params[match[1]] = match[2] ?? match[3].replace(/\\(.)/g, '$1');
    if (param.lastIndex === header.length) return params;
    const comma = /, */y;
    comma.lastIndex = param.lastIndex;
    if (!comma.exec(header)) return undefined;
    param.lastIndex = comma.lastIndex;
  }
}

describe('challenges are well-formed and name the least scope', () => {
  it('finding 17: quotes inside error_description are escaped (RFC 7230 quoted-string)', async () => {
    const res = await postMcp(app.mcpUrl, { Authorization: 'Bearer two words' });
    expect(res.status).toBe(401);
    const params = parseChallenge(res.headers.get('www-authenticate') ?? '');
    expect(params).toMatchObject({
      realm: 'myko',
      error: 'invalid_token',
      error_description: 'The Authorization header must be one "Bearer <key>"',
    });
  });

  it('finding 16: a 401 and a 403 name the scope of the least-privileged rule, not every scope', async () => {
    const missing = parseChallenge((await postMcp(app.mcpUrl, {})).headers.get('www-authenticate') ?? '');
    expect(missing).toMatchObject({ realm: 'myko', scope: 'myko:read' });
    const nothing = await first.sign({ aud: aud(), sub: 'nobody', scope: 'other:thing' });
    const refused = await postMcp(app.mcpUrl, bearer(nothing));
    expect(refused.status).toBe(403);
    expect(parseChallenge(refused.headers.get('www-authenticate') ?? '')).toMatchObject({
      error: 'insufficient_scope',
      scope: 'myko:read',
    });
  });
});
