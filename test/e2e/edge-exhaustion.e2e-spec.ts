import { readFileSync, writeFileSync } from 'node:fs';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { generateApiKey, hashApiKey } from '@myko/access';
import { EdgeAdmission, McpSessionRegistry } from '@myko/gateways';
import { WebSocket } from 'ws';
import { HeaderWebSocketTransport, KEYS, startAccessServer, writeAccessConfig } from '../helpers/access-fixtures';
import { clientTransport, connectClient } from '../helpers/mcp-client';
import { INITIALIZE, PROTOCOL_VERSION, sleep, wsCalls } from '../helpers/raw-mcp';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

/** One raw anonymous `initialize`; the HTTP status. */
async function bareInitialize(url: URL, headers: Record<string, string> = {}): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(INITIALIZE),
  });
  await res.text();
  return res.status;
}

function wsClose(socket: WebSocket): Promise<number> {
  return new Promise((resolve) => socket.once('close', (code) => resolve(code)));
}

async function openRawWs(url: URL, headers: Record<string, string> = {}): Promise<WebSocket | number> {
  const socket = new WebSocket(url, 'mcp', { headers });
  return new Promise((resolve) => {
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
  });
}

describe('one client cannot lock out the others: HTTP sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ gateways: { maxSessions: 40, maxSessionsPerAddress: 30 } });
  });
  afterAll(() => server.close());

  it('a flood of 300 bare initializes from the shared address neither ends a working SDK client nor refuses a new one', async () => {
    const working = await connectClient(new StreamableHTTPClientTransport(server.httpUrl));
    const statuses = await Promise.all(Array.from({ length: 300 }, () => bareInitialize(server.httpUrl)));
    expect(statuses.every((status) => status === 200)).toBe(true);
    const registry = server.app.get(McpSessionRegistry);
    expect(registry.size).toBeLessThanOrEqual(30);
    // The working client's session made requests: the flood's own unused sessions were evicted instead.
    expect((await working.listTools()).tools.map((t) => t.name)).toContain('search');
    const newcomer = await connectClient(new StreamableHTTPClientTransport(server.httpUrl));
    expect((await newcomer.callTool({ name: 'search', arguments: { query: 'order' } })).isError).toBeFalsy();
    await Promise.all([working.close(), newcomer.close()]);
  });
});

describe('one client cannot lock out the others: keys, sockets and replay memory', () => {
  const second = generateApiKey();
  const keyOf = { ops: '' };
  let server: TestServer;
  let configPath: string;
  beforeAll(async () => {
    const written = writeAccessConfig({
      limits: {
        maxSessionsPerKey: 3,
        maxWsConnectionsPerKey: 2,
        wsInitializeTimeoutMs: 600,
        wsIdleTimeoutMs: 2_000,
        replayBudgetBytes: 600_000,
        eventStoreMaxBytes: 400_000,
      },
    });
    configPath = written.path;
    const config = JSON.parse(readFileSync(configPath, 'utf8'));
    config.profiles.ops.keys.push(hashApiKey(second));
    // The replay case needs answers past the 16 KB the model reads by default; the hard cap stays.
    config.profiles.ops.resultBudgetBytes = 1_000_000;
    writeFileSync(configPath, JSON.stringify(config));
    keyOf.ops = KEYS.ops;
    server = await startAccessServer(configPath);
  });
  afterAll(() => server.close());

  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
  const session = async (key: string) => {
    const res = await fetch(server.httpUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...bearer(key) },
      body: JSON.stringify(INITIALIZE),
    });
    await res.text();
    return res.headers.get('mcp-session-id') ?? '';
  };
  const onSession = (id: string, key: string, method: string, extra: Record<string, string> = {}, body?: unknown) =>
    fetch(server.httpUrl, {
      method,
      headers: {
        'Mcp-Session-Id': id,
        'MCP-Protocol-Version': PROTOCOL_VERSION,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        ...bearer(key),
        ...extra,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('binds a session to its key: another key of the same profile cannot use, replay or delete it', async () => {
    const id = await session(keyOf.ops);
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search', arguments: {} } };
    const sse = await onSession(id, keyOf.ops, 'POST', { Accept: 'text/event-stream' }, call);
    const eventId = /id: (\S+)/.exec(await sse.text())?.[1] ?? '';
    expect(eventId).not.toBe('');
    expect((await onSession(id, second, 'POST', {}, call)).status).toBe(404);
    const replay = await onSession(id, second, 'GET', { Accept: 'text/event-stream', 'Last-Event-ID': eventId });
    expect(replay.status).toBe(404);
    expect((await onSession(id, second, 'DELETE')).status).toBe(404);
    expect((await onSession(id, keyOf.ops, 'POST', {}, call)).status).toBe(200);
    expect((await onSession(id, keyOf.ops, 'DELETE')).status).toBe(204);
  });

  it('caps sessions per key: the key gives up its own idle sessions, never another key’s', async () => {
    const theirs = await session(second);
    await onSession(theirs, second, 'POST', {}, { jsonrpc: '2.0', id: 1, method: 'ping' });
    const mine = [];
    for (let i = 0; i < 10; i++) mine.push(await session(keyOf.ops));
    expect(mine.every((id) => id !== '')).toBe(true);
    const live = await Promise.all(
      mine.map(
        async (id) => (await onSession(id, keyOf.ops, 'POST', {}, { jsonrpc: '2.0', id: 2, method: 'ping' })).status,
      ),
    );
    expect(live.filter((status) => status === 200)).toHaveLength(3);
    expect((await onSession(theirs, second, 'POST', {}, { jsonrpc: '2.0', id: 3, method: 'ping' })).status).toBe(200);
  });

  it('bounds replay memory by the global budget: the oldest answers of the server go first', async () => {
    const registry = server.app.get(McpSessionRegistry);
    const big = {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'execute', arguments: { code: "return 'x'.repeat(250000)" } },
    };
    const streams: { id: string; key: string; eventId: string }[] = [];
    for (const key of [keyOf.ops, second, keyOf.ops, second]) {
      const id = await session(key);
      // 2025-11-25: a priming event comes first, so its id names the position before the answer.
      const res = await onSession(
        id,
        key,
        'POST',
        { Accept: 'text/event-stream', 'MCP-Protocol-Version': '2025-11-25' },
        big,
      );
      const text = await res.text();
      expect(text.length).toBeGreaterThan(250_000);
      streams.push({ id, key, eventId: [...text.matchAll(/id: (\S+)/g)][0]?.[1] ?? '' });
    }
    expect(registry.replay.bytes).toBeLessThanOrEqual(600_000);
    expect(registry.replay.bytes).toBeGreaterThan(250_000);
    const oldest = streams[0];
    const resumed = await onSession(oldest.id, oldest.key, 'GET', {
      Accept: 'text/event-stream',
      'Last-Event-ID': oldest.eventId,
    });
    // Its answer was evicted for the newer ones and the stream had ended: nothing is left to resume.
    expect(resumed.status).toBe(400);
    expect(await resumed.text()).toContain('can be resumed');
    const newest = streams[3];
    const kept = await onSession(newest.id, newest.key, 'GET', {
      Accept: 'text/event-stream',
      'Last-Event-ID': newest.eventId,
    });
    expect(kept.status).toBe(200);
    expect((await kept.text()).length).toBeGreaterThan(250_000);
  });

  it('closes a handshake-only WebSocket and frees its slot; an initialized one stays until idle', async () => {
    const idle = (await openRawWs(server.wsUrl, bearer(second))) as WebSocket;
    const client = await connectClient(new HeaderWebSocketTransport(server.wsUrl, bearer(keyOf.ops)));
    expect(await wsClose(idle)).toBe(1008);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await sleep(900);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    const closed = new Promise<void>((resolve) => {
      client.onclose = () => resolve();
    });
    await closed; // idle 2 s → 1001
  });

  it('caps WebSockets per key: the key gives up its own least useful socket, while another key is served', async () => {
    const held = [await openRawWs(server.wsUrl, bearer(second)), await openRawWs(server.wsUrl, bearer(second))];
    expect(held.every((s) => s instanceof WebSocket)).toBe(true);
    const closes = held.map((socket) => wsClose(socket as WebSocket));
    const third = await openRawWs(server.wsUrl, bearer(second));
    expect(third).toBeInstanceOf(WebSocket);
    // Neither held socket initialized: the oldest goes (1013), the other stays.
    expect(await closes[0]).toBe(1013);
    expect((held[1] as WebSocket).readyState).toBe(WebSocket.OPEN);
    const other = await connectClient(new HeaderWebSocketTransport(server.wsUrl, bearer(keyOf.ops)));
    expect((await other.listTools()).tools.length).toBeGreaterThan(0);
    await other.close();
    for (const socket of [held[1], third] as WebSocket[]) socket.close();
    await Promise.all([closes[1], wsClose(third as WebSocket)]);
  });
});

describe('one client cannot lock out the others: WebSocket slots of a shared address', () => {
  const CAP = 16;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ gateways: { maxWsConnectionsPerAddress: CAP } });
  });
  afterAll(() => server.close());

  /** A raw socket that initialized and then pings now and then, as a patient squatter would. */
  async function squatter(): Promise<{ socket: WebSocket; closed: Promise<{ code: number; reason: string }> }> {
    const socket = (await openRawWs(server.wsUrl)) as WebSocket;
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    await wsCalls(socket, [INITIALIZE, { jsonrpc: '2.0', id: 1, method: 'ping' }]);
    return { socket, closed };
  }

  it('a full cap of initialized, pinging raw sockets ends its longest idle one for an SDK client, which is served', async () => {
    const admission = server.app.get(EdgeAdmission);
    const squatters: Awaited<ReturnType<typeof squatter>>[] = [];
    for (let i = 0; i < CAP; i++) squatters.push(await squatter());
    expect(admission.wsConnections('127.0.0.1')).toBe(CAP);
    // Every squatter but the first sends a message again: the first is now the longest idle.
    await Promise.all(
      squatters.slice(1).map(({ socket }, i) => wsCalls(socket, [{ jsonrpc: '2.0', id: 10 + i, method: 'ping' }])),
    );

    const honest = await connectClient(clientTransport('ws', server));
    expect(await squatters[0].closed).toEqual({
      code: 1013,
      reason: expect.stringMatching(/^evicted: connection cap/),
    });
    expect((await honest.callTool({ name: 'search', arguments: { query: 'order' } })).isError).toBeFalsy();
    expect(admission.wsConnections('127.0.0.1')).toBe(CAP);

    // The squatter comes back with a wave of sockets: each evicts the least useful one (its own handshakes
    // first, then its own idle sockets), never the honest client who keeps using its connection.
    for (let wave = 0; wave < 3; wave++) {
      const again = await Promise.all(Array.from({ length: CAP }, () => openRawWs(server.wsUrl)));
      expect(again.every((s) => s instanceof WebSocket)).toBe(true);
      expect((await honest.listTools()).tools.map((t) => t.name)).toContain('execute');
    }
    expect(admission.wsConnections('127.0.0.1')).toBeLessThanOrEqual(CAP);
    await honest.close();
  });
});
