import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { generateApiKey, hashApiKey } from '@myko/access';
import { createAppConfig } from '../../src/config/app.config';
import { JwksIssuer } from '../helpers/jwks-issuer.server';
import { forgeToken, signingKey } from '../helpers/oauth-fixtures';
import { useReleases } from '../helpers/releases';
import { startTestServer, type TestServer } from '../helpers/test-server';

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON answers
type Json = any;

/** The `aud` every token is signed for: the server compares it, it never dials it. */
const RESOURCE = 'https://myko.test/mcp';
const ADMIN_SCOPE = 'myko:admin';
const READER_KEY = generateApiKey();

let issuer: JwksIssuer;
/** A trusted issuer whose JWKS answers 500 throughout. */
let down: JwksIssuer;
let server: TestServer;
let dir: string;
const issued: string[] = [];
const opened = useReleases();

/** A token of the issuer for this server, carrying `claims`; remembered, to prove none reaches the audit log. */
async function token(claims: Record<string, unknown>): Promise<string> {
  const value = await issuer.sign({ aud: RESOURCE, ...claims });
  issued.push(value);
  return value;
}

async function admin(path: string, init: { method?: 'GET' | 'POST'; bearer?: string } = {}) {
  const res = await fetch(new URL(`/admin/${path}`, server.httpUrl), {
    method: init.method ?? 'GET',
    headers: { 'X-Myko-Operator': 'alice', ...(init.bearer ? { Authorization: `Bearer ${init.bearer}` } : {}) },
  });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as Json, challenge: res.headers.get('www-authenticate') };
}

const audit = (): Json[] =>
  readFileSync(join(dir, 'audit.log'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));

beforeAll(async () => {
  issuer = await JwksIssuer.start();
  down = await JwksIssuer.start('down-key');
  down.jwksMode = 'status-500';
  dir = mkdtempSync(join(tmpdir(), 'myko-admin-oauth-'));
  const configPath = join(dir, 'myko.config.json');
  const config = {
    auth: { required: false },
    audit: { path: 'audit.log' },
    profiles: { reader: { keys: [hashApiKey(READER_KEY)], visibility: { allow: ['query_*'] } } },
    oauth: {
      resource: RESOURCE,
      issuers: [
        { issuer: issuer.issuer, jwksUri: issuer.jwksUri },
        { issuer: down.issuer, jwksUri: down.jwksUri },
      ],
      profiles: [{ profile: 'reader', match: { scope: 'myko:read' } }],
    },
    // No admin key at all: the scope alone mounts the admin API.
    admin: { scope: ADMIN_SCOPE },
  };
  writeFileSync(configPath, JSON.stringify(config));
  const cli = { host: '127.0.0.1', port: 0, databasePath: join(dir, 'myko.db'), configPath };
  server = await startTestServer(createAppConfig('serve', cli, {}));
});

afterAll(async () => {
  await server?.close();
  await issuer?.stop();
  await down?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('a token with the admin scope is an admin credential; the audit line names its subject, never the token', async () => {
  const bearer = await token({ sub: 'alice@ops', scope: `openid ${ADMIN_SCOPE}` });
  const whoami = await admin('whoami', { bearer });
  expect(whoami.status).toBe(200);
  expect(whoami.body).toEqual({ principal: 'oauth:alice@ops' });
  const explained = await admin('access/explain?profile=reader', { bearer });
  expect(explained.status).toBe(200);
  expect(explained.body.subject).toMatchObject({ profile: 'reader' });
  expect((await admin('live', { bearer })).status).toBe(200);
  const line = audit().find((l) => l.kind === 'admin' && l.action === 'access.explain');
  expect(line).toMatchObject({ principal: 'oauth:alice@ops', outcome: 'ok', status: 200, target: 'profile:reader' });
  const log = readFileSync(join(dir, 'audit.log'), 'utf8');
  for (const value of issued) expect(log).not.toContain(value);
});

it('an admin-scope token approves a paused execution', async () => {
  const client = opened(new Client({ name: 'admin-oauth-e2e', version: '1.0.0' }, { capabilities: {} }), (c) =>
    c.close(),
  );
  await client.connect(new StreamableHTTPClientTransport(server.httpUrl));
  const paused: Json = await client.callTool({
    name: 'execute',
    arguments: { code: "await myko.command('DeactivateProduct', { productId: 7 }); return 'done';" },
  });
  const { id } = paused.structuredContent.execution;
  expect(paused.structuredContent.execution.state).toBe('paused');
  const bearer = await token({ sub: 'alice@ops', scope: ADMIN_SCOPE });
  const approved = await admin(`executions/${id}/approve`, { method: 'POST', bearer });
  expect(approved.status).toBe(200);
  expect(approved.body.execution).toMatchObject({ id, state: 'completed', decision: { verdict: 'approved' } });
  const line = audit().find((l) => l.kind === 'admin' && l.action === 'executions.approve');
  expect(line).toMatchObject({ principal: 'oauth:alice@ops', outcome: 'ok' });
});

it('a valid token without the admin scope is refused 403 (insufficient_scope), learning nothing', async () => {
  const bearer = await token({ sub: 'bob', scope: 'myko:read' });
  const refused = await admin('access/explain?profile=reader', { bearer });
  expect(refused.status).toBe(403);
  expect(refused.text).not.toContain('query_');
  expect(refused.challenge).toContain('error="insufficient_scope"');
  expect(refused.challenge).toContain(`scope="${ADMIN_SCOPE}"`);
  // The scope must be one of the space-separated scopes, not a part of one.
  const lookalike = await token({ sub: 'bob', scope: `${ADMIN_SCOPE}:not openid` });
  expect((await admin('whoami', { bearer: lookalike })).status).toBe(403);
  // An ordinary API key is no admin credential either.
  expect((await admin('whoami', { bearer: READER_KEY })).status).toBe(403);
  expect(audit().filter((l) => l.kind === 'admin' && l.outcome === 'forbidden').length).toBeGreaterThanOrEqual(3);
});

it('no token, or one that does not verify, is 401 with the MCP door challenge conventions', async () => {
  const none = await admin('whoami');
  expect(none.status).toBe(401);
  expect(none.challenge).toMatch(/^Bearer realm="myko-admin"/);
  expect(none.challenge).toContain(`scope="${ADMIN_SCOPE}"`);
  expect(none.challenge).toContain('resource_metadata="https://myko.test/.well-known/oauth-protected-resource/mcp"');
  // Signed by a stranger's key under the issuer's key id: the signature does not verify.
  const stranger = await signingKey(issuer.key.jwk.kid);
  const exp = Math.floor(Date.now() / 1000) + 300;
  for (const bearer of [
    await forgeToken(stranger, { iss: issuer.issuer, aud: RESOURCE, exp, sub: 'alice@ops', scope: ADMIN_SCOPE }),
    await token({ sub: 'alice@ops', scope: ADMIN_SCOPE, aud: 'https://elsewhere.test/mcp' }),
    await token({ sub: 'alice@ops', scope: ADMIN_SCOPE, exp: Math.floor(Date.now() / 1000) - 3600 }),
    await token({ sub: 'alice@ops', scope: ADMIN_SCOPE, iss: 'https://idp.invalid' }),
  ]) {
    const refused = await admin('whoami', { bearer });
    expect(refused.status).toBe(401);
    expect(refused.challenge).toContain('error="invalid_token"');
    expect(refused.text).not.toContain('alice');
  }
});

it("an admin-scope token whose issuer's keys cannot be had is 503 with Retry-After, never 401 or 200", async () => {
  const bearer = await down.sign({ aud: RESOURCE, sub: 'alice@ops', scope: ADMIN_SCOPE });
  const res = await fetch(new URL('/admin/whoami', server.httpUrl), { headers: { Authorization: `Bearer ${bearer}` } });
  expect(res.status).toBe(503);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(audit().at(-1)).toMatchObject({ kind: 'admin', principal: null, status: 503, outcome: 'failed' });
});
