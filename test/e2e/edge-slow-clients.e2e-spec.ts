import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { EdgeAdmission, McpSessionRegistry, WsOutboundSender } from '@myko/gateways';
import { SessionStore } from '../../libs/dispatch/src/protocol/session/session.store';
import { eventually, INITIALIZE, openSession, openWs, PROTOCOL_VERSION, sleep, wsCalls } from '../helpers/raw-mcp';
import { useReleases } from '../helpers/releases';
import { startTestServer, type TestServer } from '../helpers/test-server';

const HEADERS_TIMEOUT_MS = 1_000;
const REQUEST_TIMEOUT_MS = 2_000;

/** A raw connection; resolves with the ms it stayed open and what the server wrote. */
function dribble(port: number, head: string, dribbleEveryMs: number): Promise<{ openMs: number; reply: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1', () => socket.write(head));
    const timer = setInterval(() => socket.writable && socket.write('x'), dribbleEveryMs);
    let reply = '';
    socket.on('data', (chunk) => {
      reply += chunk.toString();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ openMs: Date.now() - started, reply });
    });
  });
}

describe('edge limits: slow and greedy HTTP clients', () => {
  let server: TestServer;
  let port: number;

  beforeAll(async () => {
    server = await startTestServer({
      gateways: { maxHeaderBytes: 4_096, headersTimeoutMs: HEADERS_TIMEOUT_MS, requestTimeoutMs: REQUEST_TIMEOUT_MS },
    });
    port = Number(server.httpUrl.port);
  });
  afterAll(() => server.close());
  // A stream a test stopped reading is destroyed after it, passed or failed.
  const opened = useReleases();

  it('answers a request head over maxHeaderBytes with 431', async () => {
    const res = await fetch(server.httpUrl, { method: 'POST', headers: { 'X-Padding': 'a'.repeat(8_000) } });
    expect(res.status).toBe(431);
  });

  it('answers 431 to a head over maxHeaderBytes whose body is still coming, on a fresh or kept-alive connection', async () => {
    // One kept-alive socket: every oversized request follows a served one on the same connection.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, headers: Record<string, string>, body?: Buffer) =>
      new Promise<number | string>((resolve) => {
        const req = httpRequest(new URL(path, server.httpUrl), { method, headers, agent });
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        req.end(body);
      });
    const statuses: (number | string)[] = [];
    try {
      // A reset races the answer: several tries make a lost answer show.
      for (let i = 0; i < 5; i++) {
        statuses.push(await send('GET', '/health', {}));
        const headers = { 'Content-Type': 'application/json', 'X-Padding': 'a'.repeat(20_000) };
        statuses.push(await send('POST', '/mcp', headers, Buffer.alloc(2 ** 20, 'x')));
      }
    } finally {
      agent.destroy();
    }
    expect(statuses).toEqual(Array(5).fill([200, 431]).flat());
  });

  it('cuts off a client dribbling its headers (slowloris) while a normal client is served', async () => {
    const slow = dribble(port, 'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 200);
    await sleep(300);
    const health = await fetch(new URL('/health', server.httpUrl));
    expect(health.status).toBe(200);
    const { openMs, reply } = await slow;
    expect(openMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
    expect(openMs).toBeLessThan(HEADERS_TIMEOUT_MS + 1_500);
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts off a client dribbling its body within requestTimeoutMs', async () => {
    const head =
      'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const { openMs } = await dribble(port, head, 200);
    expect(openMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(openMs).toBeLessThan(REQUEST_TIMEOUT_MS + 1_500);
  });

  it('drops an SSE reader that stops reading once its backlog passes eventStoreMaxBytes', async () => {
    const session = await openSession(server.httpUrl);
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest(server.httpUrl, {
        headers: { Accept: 'text/event-stream', 'Mcp-Session-Id': session, 'MCP-Protocol-Version': PROTOCOL_VERSION },
      });
      req
        .on('response', (res) => resolve(opened(res, (r) => r.destroy())))
        .on('error', reject)
        .end();
    });
    res.pause();
    res.socket.pause();
    const stream = server.app.get(McpSessionRegistry).use(session)?.streams.standalone;
    expect(stream?.isConnected).toBe(true);
    const store = server.app.get(SessionStore);
    const payload = 'p'.repeat(16 * 1024);
    let pushed = 0;
    while (stream?.isConnected && pushed < 256 * 1024 * 1024) {
      store.sendToSession(session, {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'info', data: payload },
      });
      pushed += payload.length;
      if (pushed % (1024 * 1024) === 0) await new Promise((r) => setImmediate(r));
    }
    console.info(`SSE reader not reading: dropped after ${(pushed / 1024 / 1024).toFixed(1)} MiB pushed`);
    expect(stream?.isConnected).toBe(false);
  });
});

describe('edge limits: WebSocket clients that stop reading or answering', () => {
  let server: TestServer;
  const MAX_BUFFERED = 256 * 1024;

  beforeAll(async () => {
    server = await startTestServer({
      synthetic: 300,
      gateways: { wsMaxBufferedBytes: MAX_BUFFERED, wsHeartbeatMs: 600, maxInFlightPerSession: 0 },
    });
  });
  afterAll(() => server.close());
  // Each test's socket is gone before the next one counts connections, passed or failed.
  const opened = useReleases();

  it('closes a client that stops reading while responses pile up, with a bounded backlog', async () => {
    const sender = server.app.get(WsOutboundSender);
    const socket = opened(await openWs(server.wsUrl), (s) => s.terminate());
    await wsCalls(socket, [INITIALIZE]);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    (socket as unknown as { _socket: Socket })._socket.pause();
    const before = process.memoryUsage().rss;
    const search = { name: 'search', arguments: { query: '', limit: 100, detail: 'full' } };
    let sent = 0;
    while (sender.stats.slowReadersClosed === 0 && sent < 2_000) {
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: sent, method: 'tools/call', params: search }));
      sent += 1;
      await sleep(2);
    }
    const grownMiB = (process.memoryUsage().rss - before) / 1024 / 1024;
    console.info(
      `WS client not reading: closed after ${sent} large search requests; backlog at close ` +
        `${sender.stats.largestBacklogBytes} bytes (bound ${MAX_BUFFERED}); rss +${grownMiB.toFixed(1)} MiB`,
    );
    expect(sender.stats.slowReadersClosed).toBe(1);
    expect(sender.stats.largestBacklogBytes).toBeGreaterThan(MAX_BUFFERED);
    expect(sender.stats.largestBacklogBytes).toBeLessThan(MAX_BUFFERED + 2 * 1024 * 1024);
    (socket as unknown as { _socket: Socket })._socket.resume();
    expect([1008, 1006]).toContain(await closed);
  });

  it('terminates a peer that stops answering pings and frees its slot', async () => {
    const admission = server.app.get(EdgeAdmission);
    const socket = opened(await openWs(server.wsUrl), (s) => s.terminate());
    expect(admission.wsConnections()).toBe(1);
    (socket as unknown as { _socket: Socket })._socket.pause();
    expect(await eventually(() => admission.wsConnections() === 0, 3_000)).toBe(true);
  });

  it('keeps a peer that answers pings past several heartbeats', async () => {
    const socket = opened(await openWs(server.wsUrl), (s) => s.terminate());
    await sleep(2_000);
    expect((await wsCalls(socket, [INITIALIZE]))[0]).toMatchObject({ result: expect.any(Object) });
  });
});
