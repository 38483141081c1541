import { EdgeAdmission, LIMIT_EXCEEDED } from '@myko/gateways';
import {
  busyExecute,
  endSession,
  eventually,
  INITIALIZE,
  openSession,
  openWs,
  postMcp,
  refusedWs,
  sleep,
  wsCalls,
} from '../helpers/raw-mcp';
import { startTestServer, type TestServer } from '../helpers/test-server';

const PING = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });

describe('edge limits: sessions, connections, requests in flight', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      gateways: { maxSessions: 2, maxWsConnectionsPerAddress: 2, maxInFlightPerSession: 2 },
    });
  });
  afterAll(() => server.close());

  it('answers an initialize beyond maxSessions with 503, Retry-After and a JSON-RPC error while every session is busy', async () => {
    const first = await openSession(server.httpUrl);
    const second = await openSession(server.httpUrl);
    const running = [
      postMcp(server.httpUrl, busyExecute(1, 1_200), first),
      postMcp(server.httpUrl, busyExecute(2, 1_200), second),
    ];
    await sleep(200);
    const refused = await postMcp(server.httpUrl, INITIALIZE);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.body).toMatchObject({
      id: 0,
      error: { code: LIMIT_EXCEEDED, data: { limit: 'maxSessions', retryAfterMs: expect.any(Number) } },
    });
    expect((await Promise.all(running)).map((r) => r.status)).toEqual([200, 200]);
    // Now both are idle: the least recently used one is ended for the newcomer instead of a refusal.
    const third = await postMcp(server.httpUrl, INITIALIZE);
    expect(third.status).toBe(200);
    const survivors = await Promise.all([first, second].map((id) => postMcp(server.httpUrl, PING(9), id)));
    expect(survivors.map((r) => r.status).sort()).toEqual([200, 404]);
    for (const id of [first, second, third.headers.get('mcp-session-id') ?? '']) await endSession(server.httpUrl, id);
  });

  it('refuses a WebSocket handshake beyond maxWsConnectionsPerAddress with 429 only while every socket is busy, and frees the slot on close', async () => {
    const admission = server.app.get(EdgeAdmission);
    const sockets = [await openWs(server.wsUrl), await openWs(server.wsUrl)];
    await Promise.all(sockets.map((socket) => wsCalls(socket, [INITIALIZE])));
    const running = sockets.map((socket, i) => wsCalls(socket, [busyExecute(i + 1, 1_200)]));
    await sleep(200);
    expect(await refusedWs(server.wsUrl)).toEqual({ status: 429, retryAfter: expect.stringMatching(/^\d+$/) });
    await Promise.all(running);
    // Both idle now: the newcomer ends the longest idle one (1013) instead of being refused.
    const closes = sockets.map((socket) => new Promise<number>((resolve) => socket.once('close', resolve)));
    const newcomer = await openWs(server.wsUrl);
    const first = await Promise.race([...closes, sleep(2_000).then(() => 0)]);
    expect(first).toBe(1013);
    expect(admission.wsConnections('127.0.0.1')).toBe(2);
    for (const socket of [...sockets, newcomer]) socket.close();
    expect(await eventually(() => admission.wsConnections() === 0, 5_000)).toBe(true);
  });

  it('answers an HTTP request beyond maxInFlightPerSession with 429 and retry advice; the others complete', async () => {
    const session = await openSession(server.httpUrl);
    const replies = await Promise.all([1, 2, 3].map((id) => postMcp(server.httpUrl, busyExecute(id), session)));
    const refused = replies.filter((r) => r.status === 429);
    expect(refused).toHaveLength(1);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(2);
    expect(refused[0].headers.get('retry-after')).toBe('1');
    expect(refused[0].body).toMatchObject({
      id: expect.any(Number),
      error: { code: LIMIT_EXCEEDED, data: { limit: 'maxInFlightPerSession', retryAfterMs: 1_000 } },
    });
    expect((await postMcp(server.httpUrl, busyExecute(4, 10), session)).status).toBe(200);
  });

  it('answers a WebSocket request beyond maxInFlightPerSession with the JSON-RPC error on the socket', async () => {
    const socket = await openWs(server.wsUrl);
    await wsCalls(socket, [INITIALIZE]);
    const answers = await wsCalls(socket, [busyExecute(1), busyExecute(2), busyExecute(3)]);
    const refused = answers.filter((a) => a.error);
    expect(refused).toEqual([
      {
        jsonrpc: '2.0',
        id: expect.any(Number),
        error: expect.objectContaining({
          code: LIMIT_EXCEEDED,
          data: { limit: 'maxInFlightPerSession', retryAfterMs: 1_000 },
        }),
      },
    ]);
    expect(answers.filter((a) => a.result)).toHaveLength(2);
    const [after] = await wsCalls(socket, [PING(9)]);
    expect(after).toMatchObject({ result: {} });
    socket.close();
  });
});

describe('edge limits: rate per client', () => {
  let server: TestServer;

  beforeAll(async () => {
    // One token a second: the requests below must not earn one back while they run on a loaded machine.
    server = await startTestServer({ gateways: { rateLimit: { requestsPerSecond: 1, burst: 3 } } });
  });
  afterAll(() => server.close());

  it('answers HTTP requests over the rate with 429, Retry-After and data.retryAfterMs, then admits again', async () => {
    const session = await openSession(server.httpUrl); // initialize takes a token
    expect((await postMcp(server.httpUrl, PING(1), session)).status).toBe(200);
    expect((await postMcp(server.httpUrl, PING(2), session)).status).toBe(200);
    const refused = await postMcp(server.httpUrl, PING(3), session);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body).toMatchObject({ id: 3, error: { code: LIMIT_EXCEEDED, data: { limit: 'rateLimit' } } });
    const waitMs = refused.body.error?.data?.retryAfterMs as number;
    expect(waitMs).toBeGreaterThan(0);
    expect(waitMs).toBeLessThanOrEqual(1_000);
    // Notifications are not counted: a cancel must get through even when the client is over its rate.
    const note = await postMcp(
      server.httpUrl,
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
      session,
    );
    expect(note.status).toBe(202);
    await sleep(waitMs + 20);
    expect((await postMcp(server.httpUrl, PING(4), session)).status).toBe(200);
  });

  it('counts WebSocket requests against the same address and answers the excess on the socket', async () => {
    await sleep(3_000); // the bucket refills
    const socket = await openWs(server.wsUrl);
    const answers = await wsCalls(socket, [INITIALIZE, PING(1), PING(2), PING(3)]);
    expect(answers.slice(0, 3).every((a) => a.result)).toBe(true);
    expect(answers[3]).toMatchObject({ id: 3, error: { code: LIMIT_EXCEEDED, data: { limit: 'rateLimit' } } });
    await sleep((answers[3].error?.data?.retryAfterMs as number) + 20);
    expect((await wsCalls(socket, [PING(4)]))[0]).toMatchObject({ result: {} });
    socket.close();
  });
});

describe('edge limits: the defaults', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('admit 200 WebSocket clients and 200 HTTP sessions from one address', async () => {
    const sockets = await Promise.all(Array.from({ length: 200 }, () => openWs(server.wsUrl)));
    const sessions = await Promise.all(Array.from({ length: 200 }, () => openSession(server.httpUrl)));
    expect(new Set(sessions).size).toBe(200);
    const answers = await Promise.all(sockets.map((socket, i) => wsCalls(socket, [PING(i)])));
    expect(answers.every(([answer]) => answer.result)).toBe(true);
    for (const socket of sockets) socket.close();
  });
});
