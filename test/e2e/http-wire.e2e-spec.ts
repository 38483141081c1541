import { request as httpRequest, type IncomingMessage } from 'node:http';
import { McpSessionRegistry } from '@myko/gateways';
import request from 'supertest';
import { startTestServer, type TestServer } from '../helpers/test-server';

const ACCEPT = 'application/json, text/event-stream';
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'wire', version: '0' } },
};

let server: TestServer;
let http: ReturnType<typeof request>;

function post(body: unknown, headers: Record<string, string> = {}, path = '/mcp') {
  const req = http
    .post(path)
    .set('Content-Type', 'application/json')
    .set('Accept', ACCEPT)
    .set('MCP-Protocol-Version', '2025-11-25');
  for (const [name, value] of Object.entries(headers)) req.set(name, value);
  return req.send(typeof body === 'string' ? body : JSON.stringify(body));
}

async function newSession(path = '/mcp'): Promise<string> {
  const res = await post(INITIALIZE, {}, path).expect(200);
  const id = res.headers['mcp-session-id'];
  await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'Mcp-Session-Id': id }, path).expect(202);
  return id;
}

/** supertest parser that keeps an SSE body as text. */
function collectText(response: request.Response, done: (error: Error | null, body: string) => void): void {
  let text = '';
  response.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  response.on('end', () => done(null, text));
}

/** The JSON payloads of the `message` events of an SSE body (events carry `id:` lines too). */
function parseEvents(body: string): Record<string, unknown>[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('event: message\n'))
    .map((block) => JSON.parse(block.slice(block.indexOf('\ndata: ') + 7)));
}

/** Opens a GET stream with node:http (supertest would wait for its end) and returns the head only. */
function openGetStream(headers: Record<string, string>): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(server.httpUrl), { method: 'GET', headers }, (res) => {
      resolve(res);
      res.destroy();
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  server = await startTestServer();
  http = request(server.app.getHttpServer());
});

afterAll(async () => {
  await server?.close();
});

describe('Streamable HTTP: lifecycle', () => {
  it('initialize → 200 application/json with a random visible-ASCII Mcp-Session-Id', async () => {
    const res = await post(INITIALIZE).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['mcp-session-id']).toMatch(/^[\x21-\x7e]{16,}$/);
    expect(res.body).toMatchObject({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25' } });
    const other = await post(INITIALIZE).expect(200);
    expect(other.headers['mcp-session-id']).not.toBe(res.headers['mcp-session-id']);
  });

  it('a notification → 202 with no body', async () => {
    const session = await newSession();
    const res = await post(
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 99 } },
      { 'Mcp-Session-Id': session },
    ).expect(202);
    expect(res.text).toBe('');
    expect(res.headers['content-type']).toBeUndefined();
  });

  it('a JSON-RPC response from the client → 202 with no body', async () => {
    const session = await newSession();
    const res = await post({ jsonrpc: '2.0', id: 'srv-1', result: {} }, { 'Mcp-Session-Id': session }).expect(202);
    expect(res.text).toBe('');
  });

  it('a request → 200 with its JSON-RPC response', async () => {
    const session = await newSession();
    const res = await post({ jsonrpc: '2.0', id: 7, method: 'ping' }, { 'Mcp-Session-Id': session }).expect(200);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
  });

  it('answers as an SSE stream when the client accepts only text/event-stream', async () => {
    const session = await newSession();
    const res = await post(
      { jsonrpc: '2.0', id: 8, method: 'ping' },
      { 'Mcp-Session-Id': session, Accept: 'text/event-stream' },
    )
      .buffer(true)
      .parse(collectText)
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.body).toMatch(/^id: r\d+:1\nretry: \d+\ndata: \n\n/);
    expect(res.body).toContain(`data: ${JSON.stringify({ jsonrpc: '2.0', id: 8, result: {} })}\n\n`);
    expect(parseEvents(res.body)).toEqual([{ jsonrpc: '2.0', id: 8, result: {} }]);
  });

  it('turns the answer into an SSE stream when the call reports progress: progress events, then the response', async () => {
    const session = await newSession();
    const code = "return (await myko.report('SalesByDay', { from: '2026-01-01', to: '2026-03-31' })).days.length;";
    const call = {
      jsonrpc: '2.0',
      id: 'p1',
      method: 'tools/call',
      params: { name: 'execute', arguments: { code }, _meta: { progressToken: 'tok' } },
    };
    const res = await post(call, { 'Mcp-Session-Id': session }).buffer(true).parse(collectText).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['mcp-session-id']).toBe(session);
    const events = parseEvents(res.body);
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.slice(0, -1).every((e) => e.method === 'notifications/progress')).toBe(true);
    expect(events.at(-1)).toMatchObject({ id: 'p1', result: { content: [{ type: 'text', text: '90' }] } });

    const jsonOnly = await post(call, { 'Mcp-Session-Id': session, Accept: 'application/json' }).expect(200);
    expect(jsonOnly.headers['content-type']).toMatch(/^application\/json/);
    expect(jsonOnly.body).toMatchObject({ id: 'p1', result: { content: [{ text: '90' }] } });
  });

  it('serves the /myko/mcp alias', async () => {
    const session = await newSession('/myko/mcp');
    await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'Mcp-Session-Id': session }, '/myko/mcp').expect(200);
  });

  it('DELETE ends the session → 204, then the id is unknown (404)', async () => {
    const session = await newSession();
    await http.delete('/mcp').set('Mcp-Session-Id', session).expect(204);
    await post({ jsonrpc: '2.0', id: 2, method: 'ping' }, { 'Mcp-Session-Id': session }).expect(404);
    await http.delete('/mcp').set('Mcp-Session-Id', session).expect(404);
  });

  it('an idle session expires (404 afterwards)', async () => {
    const session = await newSession();
    server.app.get(McpSessionRegistry).sweep(Date.now() + 31 * 60_000);
    const res = await post({ jsonrpc: '2.0', id: 3, method: 'ping' }, { 'Mcp-Session-Id': session }).expect(404);
    expect(res.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32001 } });
  });

  it('GET /health → 200', async () => {
    const res = await http.get('/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok' });
  });
});

describe('Streamable HTTP: refusals carry a status and a JSON-RPC error body', () => {
  let session: string;

  beforeAll(async () => {
    session = await newSession();
  });

  function expectRpcError(res: request.Response, code: number): void {
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code, message: expect.any(String) } });
  }

  it('malformed JSON → 400 -32700', async () => {
    const res = await post('{"jsonrpc": "2.0", "id": 1, "method": ', { 'Mcp-Session-Id': session }).expect(400);
    expectRpcError(res, -32700);
  });

  it('a batch → 400 -32600', async () => {
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
    ];
    const res = await post(batch, { 'Mcp-Session-Id': session }).expect(400);
    expectRpcError(res, -32600);
  });

  it('an unknown method → 200 with -32601', async () => {
    const res = await post({ jsonrpc: '2.0', id: 5, method: 'no/such/method' }, { 'Mcp-Session-Id': session }).expect(
      200,
    );
    expect(res.body).toMatchObject({ id: 5, error: { code: -32601 } });
  });

  it('invalid params (unknown tool, missing name) → 200 with -32602', async () => {
    const unknown = await post(
      { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'nope', arguments: {} } },
      { 'Mcp-Session-Id': session },
    ).expect(200);
    expect(unknown.body).toMatchObject({ id: 6, error: { code: -32602, message: 'Unknown tool: nope' } });
    const nameless = await post(
      { jsonrpc: '2.0', id: 7, method: 'tools/call', params: {} },
      { 'Mcp-Session-Id': session },
    ).expect(200);
    expect(nameless.body).toMatchObject({ id: 7, error: { code: -32602 } });
  });

  it('missing Mcp-Session-Id and no 2026-07-28 _meta → 400 -32602 naming both eras', async () => {
    const res = await post({ jsonrpc: '2.0', id: 1, method: 'ping' }).expect(400);
    // It is answered as a request of its own (its id echoed), as a probing client expects.
    expect(res.body).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32602 } });
    expect(res.body.error.message).toMatch(/initialize.*2025-era session/);
  });

  it('unknown Mcp-Session-Id → 404 -32001', async () => {
    expectRpcError(
      await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'Mcp-Session-Id': 'no-such-session' }).expect(404),
      -32001,
    );
  });

  it('a foreign Origin → 403', async () => {
    const res = await post(INITIALIZE, { Origin: 'https://evil.example.com' }).expect(403);
    expectRpcError(res, -32000);
    expect(res.body.error.message).toContain('evil.example.com');
  });

  it('a foreign Host (DNS rebinding) → 403', async () => {
    expectRpcError(
      await post(INITIALIZE, { Host: 'evil.example.com', Origin: 'http://evil.example.com' }).expect(403),
      -32000,
    );
  });

  it('a loopback Origin is accepted', async () => {
    await post(INITIALIZE, { Origin: 'http://localhost:5173' }).expect(200);
  });

  it('a body over 1 MiB → 413', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(1024 * 1024) } });
    expectRpcError(await post(big, { 'Mcp-Session-Id': session }).expect(413), -32000);
  });

  it('a non-JSON Content-Type → 415', async () => {
    const res = await http
      .post('/mcp')
      .set('Content-Type', 'text/plain')
      .set('Accept', ACCEPT)
      .set('Mcp-Session-Id', session)
      .send('{"jsonrpc":"2.0","id":1,"method":"ping"}')
      .expect(415);
    expectRpcError(res, -32000);
  });

  it('an Accept without JSON or SSE → 406', async () => {
    expectRpcError(
      await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'Mcp-Session-Id': session, Accept: 'text/html' }).expect(
        406,
      ),
      -32000,
    );
  });

  it('an unsupported MCP-Protocol-Version → 400 naming the supported versions', async () => {
    const res = await post(
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '1999-01-01' },
    ).expect(400);
    expectRpcError(res, -32000);
    expect(res.body.error.message).toContain('2025-11-25');
  });

  it('malformed filter headers → 400 -32600, never ignored', async () => {
    const res = await post(INITIALIZE, { 'X-Myko-Tool-Callable-Allow': '{not json' }).expect(400);
    expectRpcError(res, -32600);
  });

  it('GET without Accept: text/event-stream → 405', async () => {
    const res = await http.get('/mcp').set('Mcp-Session-Id', session).set('Accept', 'application/json').expect(405);
    expect(res.headers.allow).toBe('POST, DELETE');
    expectRpcError(res, -32000);
  });

  it('GET with text/event-stream → an SSE stream for the session; unknown session → 404', async () => {
    const stream = await openGetStream({ Accept: 'text/event-stream', 'Mcp-Session-Id': session });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream');
    const unknown = await openGetStream({ Accept: 'text/event-stream', 'Mcp-Session-Id': 'nope' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('Streamable HTTP: filters are read per request', () => {
  it('a visibility deny header hides a meta tool for that request only', async () => {
    const session = await newSession();
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const filtered = await post(list, { 'Mcp-Session-Id': session, 'X-Myko-Tool-Visibility-Deny': 'search' }).expect(
      200,
    );
    expect(filtered.body.result.tools.map((t: { name: string }) => t.name)).toEqual(['execute']);
    const plain = await post(list, { 'Mcp-Session-Id': session }).expect(200);
    expect(plain.body.result.tools.map((t: { name: string }) => t.name).sort()).toEqual(['execute', 'search']);
  });
});
