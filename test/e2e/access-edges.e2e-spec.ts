import type { IncomingMessage } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import request from 'supertest';
import { WebSocket } from 'ws';
import { accessTransport, KEYS, startAccessServer, writeAccessConfig } from '../helpers/access-fixtures';
import { allStarted } from '../helpers/releases';
import type { TestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'edges', version: '0' } },
};
const LIST_TOOLS = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/** A server whose config requires a key, and one where a key is optional and anonymous clients get `support`. */
let strict: TestServer;
let optional: TestServer;

beforeAll(async () => {
  // Each kept as soon as it is up, so that the after-hook closes it even when the other one fails to start.
  await allStarted([
    startAccessServer(writeAccessConfig().path).then((server) => {
      strict = server;
    }),
    startAccessServer(writeAccessConfig({ auth: { required: false }, defaultProfile: 'support' }).path).then(
      (server) => {
        optional = server;
      },
    ),
  ]);
});

afterAll(async () => {
  await Promise.all([strict?.close(), optional?.close()]);
});

function post(
  server: TestServer,
  body: unknown,
  headers: Record<string, string> = {},
  method: 'post' | 'delete' = 'post',
) {
  const req = request(server.app.getHttpServer())
    [method]('/mcp')
    .set('Content-Type', 'application/json')
    .set('Accept', 'application/json, text/event-stream')
    .set('MCP-Protocol-Version', '2025-11-25');
  for (const [name, value] of Object.entries(headers)) req.set(name, value);
  return method === 'post' ? req.send(JSON.stringify(body)) : req;
}

async function session(server: TestServer, headers: Record<string, string>): Promise<string> {
  const res = await post(server, INITIALIZE, headers).expect(200);
  return res.headers['mcp-session-id'];
}

/** The status, `WWW-Authenticate` and body of a refused WebSocket handshake. */
function refusedHandshake(
  server: TestServer,
  headers: Record<string, string>,
): Promise<{ status: number; challenge?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(server.wsUrl, ['mcp'], { headers });
    socket.on('error', () => undefined);
    socket.once('unexpected-response', (_req, res: IncomingMessage) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, challenge: res.headers['www-authenticate'], body });
        socket.terminate();
      });
    });
    socket.once('open', () => {
      socket.close();
      reject(new Error('handshake was accepted'));
    });
  });
}

function opens(server: TestServer, headers: Record<string, string>): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new WebSocket(server.wsUrl, ['mcp'], { headers });
    socket.on('error', () => resolve(false));
    socket.once('open', () => {
      socket.close();
      resolve(true);
    });
  });
}

describe('HTTP: API keys', () => {
  it('a missing key is 401 with a bare Bearer challenge and a JSON-RPC error body', async () => {
    const res = await post(strict, INITIALIZE).expect(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="myko"');
    expect(res.body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: 'Unauthorized: An API key is required (Authorization: Bearer <key>)' },
    });
  });

  it.each([
    ['an unknown key', 'Bearer not-a-known-key', 'Unknown API key'],
    ['another scheme', `Basic ${KEYS.ops}`, 'must be one "Bearer <key>"'],
    ['a scheme without key', 'Bearer', 'must be one "Bearer <key>"'],
  ])('%s is 401 with an invalid_token challenge', async (_, authorization, message) => {
    const res = await post(strict, INITIALIZE, { Authorization: authorization }).expect(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="myko", error="invalid_token"/);
    expect(res.body.error.message).toContain(message);
  });

  it('checks the key before anything else: a stranger with malformed filters is 401, a client 400', async () => {
    const malformed = { 'X-Myko-Tool-Callable-Deny': '{"search": "command"}' };
    await post(strict, INITIALIZE, malformed).expect(401);
    const res = await post(strict, INITIALIZE, { ...malformed, ...bearer(KEYS.ops) }).expect(400);
    expect(res.body.error).toEqual({
      code: -32600,
      message: expect.stringMatching(/^Bad Request: X-Myko-Tool-Callable-Deny: .*"search"/),
    });
  });

  it('GET and DELETE need the key too', async () => {
    const sessionId = await session(strict, bearer(KEYS.ops));
    await request(strict.app.getHttpServer())
      .get('/mcp')
      .set('Accept', 'text/event-stream')
      .set('Mcp-Session-Id', sessionId)
      .expect(401);
    await post(strict, undefined, { 'Mcp-Session-Id': sessionId }, 'delete').expect(401);
  });

  it('a session belongs to the profile that opened it: another key gets 404, as for an unknown session', async () => {
    const sessionId = await session(strict, bearer(KEYS.support));
    const other = await post(strict, LIST_TOOLS, { ...bearer(KEYS.ops), 'Mcp-Session-Id': sessionId }).expect(404);
    expect(other.body.error.message).toBe('Session not found');
    await post(strict, undefined, { ...bearer(KEYS.ops), 'Mcp-Session-Id': sessionId }, 'delete').expect(404);
    await post(strict, LIST_TOOLS, { ...bearer(KEYS.support), 'Mcp-Session-Id': sessionId }).expect(200);
  });

  it('the SDK client cannot connect without a key', async () => {
    const client = new Client({ name: 'no-key', version: '0' });
    await expect(client.connect(accessTransport('http', { server: strict, configPath: '' }, {}))).rejects.toThrow(
      /401|Unauthorized/,
    );
  });

  it('with auth optional, anonymous clients get the default profile, and a bad key is still refused', async () => {
    const anonymous = await session(optional, {});
    const search = {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'search', arguments: { kind: 'command' } },
    };
    const res = await post(optional, search, { 'Mcp-Session-Id': anonymous }).expect(200);
    expect(res.body.result.structuredContent).toEqual({ operations: [], total: 0 });
    expect(res.body.result.content[0].text).toBe('0 of 0 matches');
    await post(optional, INITIALIZE, bearer('wrong')).expect(401);
    const withKey = await session(optional, bearer(KEYS.ops));
    await post(optional, search, { 'Mcp-Session-Id': withKey }).expect(404);
  });
});

describe('WebSocket: API keys at the handshake', () => {
  it('a missing key is refused with 401 and a Bearer challenge', async () => {
    const refused = await refusedHandshake(strict, {});
    expect(refused).toMatchObject({ status: 401, challenge: 'Bearer realm="myko"' });
  });

  it('an unknown or malformed key is refused with 401 invalid_token', async () => {
    for (const authorization of ['Bearer nope', 'Token x']) {
      const refused = await refusedHandshake(strict, { Authorization: authorization });
      expect(refused.status).toBe(401);
      expect(refused.challenge).toContain('error="invalid_token"');
    }
  });

  it('a known key with malformed filter headers is refused with 400 and says why', async () => {
    const refused = await refusedHandshake(strict, {
      ...bearer(KEYS.support),
      'X-Myko-Tool-Visibility-Allow': 'query_{Get',
    });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).error.message).toMatch(/^Bad Request: X-Myko-Tool-Visibility-Allow/);
    expect(refused.challenge).toBeUndefined();
  });

  it('a known key opens the connection; anonymous opens only where auth is optional', async () => {
    expect(await opens(strict, bearer(KEYS.ops))).toBe(true);
    expect(await opens(optional, {})).toBe(true);
    expect(await opens(strict, {})).toBe(false);
  });
});
