import { once } from 'node:events';
import { EdgeAdmission } from '@myko/gateways';
import { WebSocket } from 'ws';
import { INITIALIZE, sleep } from '../helpers/raw-mcp';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

/**
 * Two initializes per address, then 429 (a token every 100 s); one WebSocket per address (a second
 * one from the same address evicts the first). The test
 * client connects from 127.0.0.1, which `trusted` names a proxy.
 */
const LIMITS = { rateLimit: { requestsPerSecond: 0.01, burst: 2 }, maxWsConnectionsPerAddress: 1 };

/** A bare anonymous `initialize` with the given forwarding headers; the HTTP status. */
async function initializeVia(server: TestServer, headers: Record<string, string>): Promise<number> {
  const res = await fetch(server.httpUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(INITIALIZE),
  });
  await res.text();
  return res.status;
}

/** A WebSocket handshake with the given forwarding headers: the open socket, or the refusal's status. */
function wsVia(server: TestServer, headers: Record<string, string>): Promise<WebSocket | number> {
  const socket = new WebSocket(server.wsUrl, 'mcp', { headers });
  socket.on('error', () => undefined);
  return Promise.race([
    once(socket, 'open').then(() => socket),
    once(socket, 'unexpected-response').then(([, res]) => {
      res.resume();
      return res.statusCode as number;
    }),
  ]);
}

const xff = (chain: string) => ({ 'X-Forwarded-For': chain });

describe('client addresses from an untrusted peer: forwarding headers are ignored', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ gateways: { ...LIMITS } });
  });
  afterAll(() => server.close());

  it('a spoofed X-Forwarded-For / Forwarded does not escape the per-address rate limit: the real peer is counted', async () => {
    expect(await initializeVia(server, xff('10.0.0.1'))).toBe(200);
    expect(await initializeVia(server, { Forwarded: 'for=10.0.0.2' })).toBe(200);
    expect(await initializeVia(server, xff('10.0.0.3'))).toBe(429);
  });

  it('nor the per-address WebSocket slots: the socket counts against the real peer', async () => {
    const socket = await wsVia(server, xff('10.0.1.1'));
    expect(socket).toBeInstanceOf(WebSocket);
    const admission = server.app.get(EdgeAdmission);
    expect(admission.wsConnections('10.0.1.1')).toBe(0);
    expect(admission.wsConnections('127.0.0.1')).toBe(1);
    (socket as WebSocket).close();
  });
});

describe('client addresses behind a trusted proxy (127.0.0.1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A variable, not a literal: the original build's options type does not name trustedProxies yet.
    const gateways = { ...LIMITS, trustedProxies: ['127.0.0.1', '10.9.0.0/16', 'fd00::/8'] };
    server = await startTestServer({ gateways });
  });
  afterAll(() => server.close());

  it('two forwarded addresses get separate rate buckets (X-Forwarded-For and Forwarded, IPv4 and IPv6)', async () => {
    expect(await initializeVia(server, xff('198.51.100.7'))).toBe(200);
    expect(await initializeVia(server, xff('198.51.100.7'))).toBe(200);
    expect(await initializeVia(server, xff('198.51.100.7'))).toBe(429);
    expect(await initializeVia(server, xff('198.51.100.8'))).toBe(200);
    expect(await initializeVia(server, { Forwarded: 'for="[2001:db8::7]:4711";proto=https' })).toBe(200);
    expect(await initializeVia(server, xff('2001:db8::7'))).toBe(200);
    expect(await initializeVia(server, { Forwarded: 'For="[2001:db8::7]"' })).toBe(429);
  });

  it('takes the right-most untrusted hop: spoofed hops left of it do not choose the bucket', async () => {
    // The client claimed 192.0.2.1; the proxy chain (10.9.x, trusted) appended the real client 198.51.100.20.
    expect(await initializeVia(server, xff('192.0.2.1, 198.51.100.20, 10.9.3.4'))).toBe(200);
    expect(await initializeVia(server, xff('192.0.2.2, 198.51.100.20'))).toBe(200);
    expect(await initializeVia(server, { Forwarded: 'for=192.0.2.3, for=198.51.100.20;by=x, for="[fd00::9]"' })).toBe(
      429,
    );
  });

  it('a malformed header from the trusted proxy falls back to the peer address, never fails the request', async () => {
    expect(await initializeVia(server, xff('not-an-address'))).toBe(200);
    expect(await initializeVia(server, { Forwarded: 'for=;;==' })).toBe(200);
    // Both were the peer's (127.0.0.1): its bucket is empty now.
    expect(await initializeVia(server, {})).toBe(429);
  });

  it('the WebSocket upgrade keys its per-address slots on the forwarded address', async () => {
    const first = await wsVia(server, xff('198.51.100.30'));
    const second = await wsVia(server, { Forwarded: 'for=198.51.100.31' });
    expect(first).toBeInstanceOf(WebSocket);
    expect(second).toBeInstanceOf(WebSocket);
    const admission = server.app.get(EdgeAdmission);
    expect(admission.wsConnections('198.51.100.30')).toBe(1);
    expect(admission.wsConnections('198.51.100.31')).toBe(1);
    expect(admission.wsConnections('127.0.0.1')).toBe(0);
    // Both stay open: a cap of one per address, and they are two addresses.
    await sleep(100);
    for (const socket of [first, second]) expect((socket as WebSocket).readyState).toBe(WebSocket.OPEN);
    for (const socket of [first, second]) (socket as WebSocket).close();
  });
});
