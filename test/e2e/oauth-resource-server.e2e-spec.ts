import { ClientCredentialsProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { OperationRegistry } from '@myko/registry';
import type { LoggerService } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createHttpApp } from '../../src/bootstrap/http-app.factory';
import { createAppConfig } from '../../src/config/app.config';
import { auditLines, callJson, callText, KEYS, writeAccessConfig } from '../helpers/access-fixtures';
import { connectClient } from '../helpers/mcp-client';
import {
  AuthorizationServer,
  claimsOf,
  forgeToken,
  freePort,
  type OidcClient,
  type SigningKey,
  SubprotocolWebSocketTransport,
  signingKey,
  unsignedToken,
  wsHandshake,
} from '../helpers/oauth-fixtures';
import { releaseAll } from '../helpers/releases';

jest.setTimeout(120_000);

const CLIENTS: Record<'support' | 'ops' | 'short' | 'nobody', OidcClient> = {
  support: { client_id: 'support-agent', client_secret: 's'.repeat(40), scope: 'myko:read' },
  ops: { client_id: 'ops-agent', client_secret: 'o'.repeat(40), scope: 'myko:read myko:ops', groups: ['myko-ops'] },
  short: { client_id: 'short-lived', client_secret: 't'.repeat(40), scope: 'myko:read', ttl: 1 },
  nobody: { client_id: 'stranger', client_secret: 'n'.repeat(40), scope: 'other:thing' },
};

/** Everything the server logs, to prove no token ever reaches the log. */
const logged: string[] = [];
const captureLogger: LoggerService = {
  log: (m) => logged.push(String(m)),
  error: (m) => logged.push(String(m)),
  warn: (m) => logged.push(String(m)),
  debug: (m) => logged.push(String(m)),
  verbose: (m) => logged.push(String(m)),
};

let as: AuthorizationServer;
let keys: { first: SigningKey; second: SigningKey; stranger: SigningKey };
let app: NestExpressApplication;
let port: number;
let mcpUrl: URL;
let wsUrl: URL;
let auditPath: string;
let readOnlyCount: number;
const issued: string[] = [];

async function token(client: OidcClient, options?: { resource?: string }): Promise<string> {
  const value = await as.token(client, options);
  issued.push(value);
  return value;
}

async function startAs(signing: SigningKey[], asPort = 0): Promise<AuthorizationServer> {
  return AuthorizationServer.start({
    port: asPort || (await freePort()),
    keys: signing,
    defaultResource: mcpUrl.href,
    clients: Object.values(CLIENTS),
  });
}

beforeAll(async () => {
  keys = { first: await signingKey('k1'), second: await signingKey('k2'), stranger: await signingKey('k1x') };
  port = await freePort();
  mcpUrl = new URL(`http://127.0.0.1:${port}/mcp`);
  wsUrl = new URL(`ws://127.0.0.1:${port}/mcp`);
  as = await startAs([keys.first]);
  const fixture = writeAccessConfig({
    oauth: {
      resource: mcpUrl.href,
      issuers: [as.issuer],
      profiles: [
        { profile: 'ops', match: { groups: 'myko-ops' } },
        { profile: 'support', match: { scope: 'myko:read' } },
      ],
      scopesSupported: ['myko:read', 'myko:ops'],
      clockSkewSeconds: 1,
      jwksCooldownMs: 0,
      jwksCacheMaxAgeMs: 1000,
    },
  });
  auditPath = fixture.auditPath;
  const config = createAppConfig(
    'serve',
    { host: '127.0.0.1', port, databasePath: ':memory:', configPath: fixture.path },
    {},
  );
  app = await createHttpApp(config, captureLogger);
  await app.listen(port, '127.0.0.1');
  readOnlyCount = app
    .get(OperationRegistry)
    .list()
    .filter((op) => op.kind !== 'command').length;
});

afterAll(() =>
  releaseAll(
    () => app?.close(),
    () => as?.stop(),
  ),
);

function httpTransport(bearer: string, headers: Record<string, string> = {}): Transport {
  return new StreamableHTTPClientTransport(mcpUrl, {
    requestInit: { headers: { Authorization: `Bearer ${bearer}`, ...headers } },
  });
}

function wsTransport(bearer: string): Transport {
  return new SubprotocolWebSocketTransport(wsUrl, [`myko.oauth.${bearer}`]);
}

async function visibleCommands(client: Client): Promise<{ total: number; commands: string[] }> {
  const all = await callJson<{ total: number }>(client, 'search', {});
  const commands = await callJson<{ operations: { id: string }[] }>(client, 'search', { kind: 'command' });
  return { total: all.total, commands: commands.operations.map((op) => op.id) };
}

async function post(headers: Record<string, string>, path = '/mcp'): Promise<Response> {
  return fetch(new URL(path, mcpUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });
}

const METADATA_URL = () => `http://127.0.0.1:${port}/.well-known/oauth-protected-resource/mcp`;

describe('protected-resource metadata (RFC 9728)', () => {
  it.each(['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp'])(
    'serves %s naming the issuer, the resource and the scopes',
    async (path) => {
      const res = await fetch(new URL(path, mcpUrl));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual({
        resource: mcpUrl.href,
        authorization_servers: [as.issuer],
        scopes_supported: ['myko:read', 'myko:ops'],
        bearer_methods_supported: ['header'],
      });
    },
  );

  it('a 401 without credentials points at the metadata, on HTTP and at the WebSocket handshake', async () => {
    const res = await post({});
    expect(res.status).toBe(401);
    const challenge = res.headers.get('www-authenticate') ?? '';
    expect(challenge).toContain(`resource_metadata="${METADATA_URL()}"`);
    expect(challenge).toContain('scope="myko:read"');
    expect((await fetch(METADATA_URL())).status).toBe(200);
    const ws = await wsHandshake(wsUrl, ['mcp']);
    expect(ws.status).toBe(401);
    expect(ws.headers['www-authenticate']).toContain(`resource_metadata="${METADATA_URL()}"`);
  });
});

describe('tokens from the authorization server select profiles', () => {
  it.each(['http', 'ws'] as const)('over %s, support sees reads only and ops also CancelOrder', async (transport) => {
    const make = transport === 'http' ? httpTransport : wsTransport;
    const support = await connectClient(make(await token(CLIENTS.support)));
    const ops = await connectClient(make(await token(CLIENTS.ops)));
    try {
      expect(await visibleCommands(support)).toEqual({ total: readOnlyCount, commands: [] });
      expect(await visibleCommands(ops)).toEqual({ total: readOnlyCount + 1, commands: ['CancelOrder'] });
      const refused = await callText(support, 'execute', {
        code: `return await myko.command('CancelOrder', { orderId: 1, warehouseCode: 'BER' });`,
      });
      expect(refused.isError).toBe(true);
      expect(refused.text).toContain('Unknown operation: command_CancelOrder');
    } finally {
      await releaseAll(
        () => support.close(),
        () => ops.close(),
      );
    }
  });

  it("the SDK's OAuth client flow discovers the authorization server and gets a token by itself", async () => {
    const authProvider = new ClientCredentialsProvider({
      clientId: CLIENTS.ops.client_id,
      clientSecret: CLIENTS.ops.client_secret,
      scope: CLIENTS.ops.scope,
      expectedIssuer: as.issuer,
    });
    const client = await connectClient(new StreamableHTTPClientTransport(mcpUrl, { authProvider }));
    try {
      expect(authProvider.tokens()?.access_token).toBeDefined();
      expect(claimsOf(authProvider.tokens()?.access_token ?? '').aud).toBe(mcpUrl.href);
      expect(await visibleCommands(client)).toEqual({ total: readOnlyCount + 1, commands: ['CancelOrder'] });
    } finally {
      await client.close();
    }
  });

  it('headers only narrow a token profile; a support token never gains a command', async () => {
    const narrowed = await connectClient(
      httpTransport(await token(CLIENTS.ops), { 'X-Myko-Tool-Visibility-Allow': 'query_*' }),
    );
    const widened = await connectClient(
      httpTransport(await token(CLIENTS.support), { 'X-Myko-Tool-Visibility-Allow': 'command_*' }),
    );
    try {
      expect((await visibleCommands(narrowed)).commands).toEqual([]);
      expect(await visibleCommands(widened)).toEqual({ total: 0, commands: [] });
    } finally {
      await releaseAll(
        () => narrowed.close(),
        () => widened.close(),
      );
    }
  });

  it('a support token with ops claims pasted in (tampered) is refused, so a profile never widens', async () => {
    const real = await token(CLIENTS.support);
    const [header, , signature] = real.split('.');
    const claims = { ...claimsOf(real), groups: ['myko-ops'] };
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    const res = await post({ Authorization: `Bearer ${tampered}` });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('API keys keep working beside tokens', async () => {
    const client = await connectClient(httpTransport(KEYS.ops));
    try {
      expect((await visibleCommands(client)).commands).toEqual(['CancelOrder']);
    } finally {
      await client.close();
    }
  });

  it("a session opened with one profile's token is not found with another's", async () => {
    const res = await post({ Authorization: `Bearer ${await token(CLIENTS.support)}` });
    const session = res.headers.get('mcp-session-id') ?? '';
    await res.text();
    const other = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': session,
        'mcp-protocol-version': '2025-11-25',
        authorization: `Bearer ${await token(CLIENTS.ops)}`,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(session).not.toBe('');
    expect(other.status).toBe(404);
  });

  it('the audit log records the subject and the profile, and no token is ever logged', async () => {
    const client = await connectClient(httpTransport(await token(CLIENTS.ops)));
    try {
      await callText(client, 'execute', {
        code: `const p = await myko.query('ListOrders', { status: 'pending', warehouseCode: 'BER', limit: 1 });
               return await myko.command('CancelOrder', { orderId: p.items[0].id, warehouseCode: 'BER' });`,
      });
    } finally {
      await client.close();
    }
    const line = auditLines(auditPath).find((l) => l.operation === 'command_CancelOrder' && l.outcome === 'ok');
    expect(line).toMatchObject({ profile: 'ops', subject: CLIENTS.ops.client_id, transport: 'http' });
    const everything = `${JSON.stringify(auditLines(auditPath))}\n${logged.join('\n')}`;
    for (const value of issued) expect(everything).not.toContain(value.split('.')[2]);
  });
});

describe('bad tokens are refused with 401 invalid_token (HTTP and WebSocket)', () => {
  const base = () => ({ iss: as.issuer, aud: mcpUrl.href, scope: 'myko:read', sub: 'forger', client_id: 'forger' });
  const now = () => Math.floor(Date.now() / 1000);
  const cases: [string, () => Promise<string>, RegExp][] = [
    [
      'expired (from the authorization server)',
      async () => {
        const value = await token(CLIENTS.short);
        await new Promise((done) => setTimeout(done, 3_200)); // 1 s lifetime + 1 s skew, whole seconds
        return value;
      },
      /expired/,
    ],
    [
      'for another resource (wrong audience)',
      () => token(CLIENTS.support, { resource: 'http://127.0.0.1:1/other' }),
      /not for this resource/,
    ],
    [
      'from another issuer, signed with the real key',
      () => forgeToken(keys.first, { ...base(), iss: 'http://127.0.0.1:1', exp: now() + 60 }),
      /untrusted issuer/,
    ],
    ['unsigned (alg none)', async () => unsignedToken({ ...base(), exp: now() + 60 }), /algorithm/],
    [
      'signed by a key the issuer does not publish (unknown kid)',
      () => forgeToken(keys.stranger, { ...base(), exp: now() + 60 }),
      /signing key/,
    ],
    [
      'signed by a stranger under the real kid',
      () => forgeToken({ ...keys.stranger, jwk: keys.first.jwk }, { ...base(), exp: now() + 60 }),
      /signature/,
    ],
    ['without exp', () => forgeToken(keys.first, base()), /exp/],
    [
      'not valid yet (nbf)',
      () => forgeToken(keys.first, { ...base(), nbf: now() + 120, exp: now() + 600 }),
      /not valid yet/,
    ],
  ];

  it.each(cases)('%s', async (_name, make, reason) => {
    const bad = await make();
    const res = await post({ Authorization: `Bearer ${bad}` });
    expect(res.status).toBe(401);
    const challenge = res.headers.get('www-authenticate') ?? '';
    expect(challenge).toContain('error="invalid_token"');
    expect(challenge).toContain(`resource_metadata="${METADATA_URL()}"`);
    expect(challenge).toMatch(reason);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(reason);
    const ws = await wsHandshake(wsUrl, ['mcp', `myko.oauth.${bad}`]);
    expect(ws.status).toBe(401);
    expect(ws.headers['www-authenticate']).toContain('error="invalid_token"');
  });

  it('a valid token mapping to no profile is 403 insufficient_scope with the least scope to ask for', async () => {
    const res = await post({ Authorization: `Bearer ${await token(CLIENTS.nobody)}` });
    expect(res.status).toBe(403);
    const challenge = res.headers.get('www-authenticate') ?? '';
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('scope="myko:read"');
    expect(challenge).toContain(`resource_metadata="${METADATA_URL()}"`);
  });

  it('a WebSocket connection is closed (4401) when the token of its handshake expires', async () => {
    const client = await connectClient(wsTransport(await token(CLIENTS.short)));
    const closed = new Promise<void>((done) => {
      client.onclose = done;
    });
    expect((await visibleCommands(client)).commands).toEqual([]);
    await closed; // 1 s lifetime + 1 s skew; jest's timeout fails the test if it never closes
    await expect(client.listTools()).rejects.toThrow();
  });

  it('two credentials at once (an API key header and a token entry) are refused', async () => {
    const ws = await wsHandshake(wsUrl, ['mcp', `myko.oauth.${await token(CLIENTS.support)}`], {
      Authorization: `Bearer ${KEYS.support}`,
    });
    expect(ws.status).toBe(401);
  });
});

describe('signing key rotation', () => {
  it('picks up a new key on its first use and drops a retired one', async () => {
    const old = await token(CLIENTS.ops);
    const accepted = async (value: string) => (await post({ Authorization: `Bearer ${value}` })).status;
    expect(await accepted(old)).toBe(200);
    // Rotate: the new key signs, the old one is still published.
    await as.stop();
    as = await startAs([keys.second, keys.first], as.port);
    const fresh = await token(CLIENTS.ops);
    expect(claimsOf(fresh).iss).toBe(as.issuer);
    expect(await accepted(fresh)).toBe(200);
    expect(await accepted(old)).toBe(200);
    // Retire the old key; once the cached JWKS ages out (1 s here), its tokens are refused.
    await as.stop();
    as = await startAs([keys.second], as.port);
    await new Promise((done) => setTimeout(done, 1_200));
    expect(await accepted(fresh)).toBe(200);
    expect(await accepted(old)).toBe(401);
  });
});
