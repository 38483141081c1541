import { type IssuerMode, JwksIssuer } from '../helpers/jwks-issuer.server';
import {
  forgeToken,
  freePort,
  type OAuthApp,
  postMcp,
  signingKey,
  startOAuthApp,
  wsHandshake,
} from '../helpers/oauth-fixtures';
import { releaseAll } from '../helpers/releases';

jest.setTimeout(60_000);

type Name = 'status500' | 'badJson' | 'discovery' | 'hang' | 'burst' | 'healthy';
const MODES: Record<Name, { jwks?: IssuerMode; discovery?: IssuerMode; discovered?: boolean }> = {
  status500: { jwks: 'status-500' },
  badJson: { jwks: 'bad-json' },
  discovery: { discovery: 'status-500', discovered: true },
  hang: { jwks: 'hang' },
  burst: { jwks: 'status-500' },
  healthy: {},
};

const issuers = {} as Record<Name, JwksIssuer>;
let refusedIssuer: string;
let app: OAuthApp;

beforeAll(async () => {
  const configured: unknown[] = [];
  for (const [name, mode] of Object.entries(MODES) as [Name, (typeof MODES)[Name]][]) {
    const issuer = await JwksIssuer.start(`${name}-key`);
    issuer.jwksMode = mode.jwks ?? 'ok';
    issuer.discoveryMode = mode.discovery ?? 'ok';
    issuers[name] = issuer;
    configured.push(mode.discovered ? issuer.issuer : { issuer: issuer.issuer, jwksUri: issuer.jwksUri });
  }
  // Nothing listens there: every JWKS fetch is a refused connection.
  refusedIssuer = `http://127.0.0.1:${await freePort()}`;
  configured.push({ issuer: refusedIssuer, jwksUri: `${refusedIssuer}/jwks` });
  app = await startOAuthApp({
    issuers: configured,
    profiles: [{ profile: 'support', match: { scope: 'myko:read' } }],
    jwksCooldownMs: 60_000,
  });
});

afterAll(() => releaseAll(() => app?.close(), ...Object.values(issuers).map((issuer) => () => issuer.stop())));

const claims = () => ({ aud: app.mcpUrl.href, scope: 'myko:read', sub: 'agent' });

async function refusedWith(token: string): Promise<{ status: number; retryAfter: number; code?: number }> {
  const res = await postMcp(app.mcpUrl, { Authorization: `Bearer ${token}` });
  const body = (await res.json().catch(() => ({}))) as { error?: { code: number } };
  return { status: res.status, retryAfter: Number(res.headers.get('retry-after')), code: body.error?.code };
}

function expectUnavailable(seen: { status: number; retryAfter: number; code?: number }): void {
  expect(seen.status).toBe(503);
  expect(seen.code).toBe(-32000);
  expect(seen.retryAfter).toBeGreaterThanOrEqual(1);
  expect(seen.retryAfter).toBeLessThanOrEqual(30);
}

describe('an unavailable issuer answers 503 + Retry-After, never 401 or 500', () => {
  it.each(['status500', 'badJson', 'discovery', 'hang'] as const)('findings 5, 6: %s', async (name) => {
    expectUnavailable(await refusedWith(await issuers[name].sign(claims())));
  });

  it('finding 6: a refused connection to the JWKS', async () => {
    const key = await signingKey('refused-key');
    const token = await forgeToken(key, { ...claims(), iss: refusedIssuer, exp: Math.floor(Date.now() / 1000) + 60 });
    expectUnavailable(await refusedWith(token));
  });

  it('at the WebSocket handshake too', async () => {
    const token = await issuers.status500.sign(claims());
    const ws = await wsHandshake(app.wsUrl, ['mcp', `myko.oauth.${token}`]);
    expect(ws.status).toBe(503);
    expect(Number(ws.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});

describe('finding 4: a failing issuer is backed off, not hammered', () => {
  it('30 requests make one JWKS fetch per backoff window, which grows; recovery is picked up', async () => {
    const idp = issuers.burst;
    const tokens = await Promise.all(Array.from({ length: 30 }, (_, i) => idp.sign({ ...claims(), jti: `${i}` })));
    const first = await Promise.all(tokens.map(refusedWith));
    for (const seen of first) expectUnavailable(seen);
    expect(idp.jwksHits).toBe(1);
    expect(Math.max(...first.map((s) => s.retryAfter))).toBe(1);
    await new Promise((done) => setTimeout(done, 1_100));
    const second = await Promise.all(tokens.map(refusedWith));
    for (const seen of second) expectUnavailable(seen);
    expect(idp.jwksHits).toBe(2);
    expect(Math.max(...second.map((s) => s.retryAfter))).toBe(2);
    idp.jwksMode = 'ok';
    expect((await refusedWith(tokens[0])).status).toBe(503);
    await new Promise((done) => setTimeout(done, 2_100));
    expect((await refusedWith(tokens[0])).status).toBe(200);
    expect((await refusedWith(tokens[1])).status).toBe(200);
    expect(idp.jwksHits).toBe(3);
  });

  it('the unknown-kid cooldown still holds while the JWKS is up', async () => {
    const idp = issuers.healthy;
    expect((await refusedWith(await idp.sign(claims()))).status).toBe(200);
    const stranger = await signingKey('unknown-kid');
    const forged = await Promise.all(
      Array.from({ length: 30 }, () =>
        forgeToken(stranger, { ...claims(), iss: idp.issuer, exp: Math.floor(Date.now() / 1000) + 60 }),
      ),
    );
    const seen = await Promise.all(forged.map(refusedWith));
    expect(seen.map((s) => s.status)).toEqual(forged.map(() => 401));
    expect(idp.jwksHits).toBe(1);
  });
});
