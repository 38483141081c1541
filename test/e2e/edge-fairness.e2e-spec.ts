import { once } from 'node:events';
import { connect, type Server, type Socket } from 'node:net';
import { INITIALIZE } from '../helpers/raw-mcp';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

/** Bare `initialize`s one keyless client sends at once, each on its own connection. */
const FLOOD = 400;
const BODY = JSON.stringify(INITIALIZE);
const REQUEST =
  'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
  `Accept: application/json, text/event-stream\r\nContent-Length: ${Buffer.byteLength(BODY)}\r\n` +
  `Connection: close\r\n\r\n${BODY}`;

/** A TCP connection to the server from `localAddress` (any 127/8 address reaches the loopback server). */
async function connectFrom(port: number, localAddress: string): Promise<Socket> {
  const socket = connect({ host: '127.0.0.1', port, localAddress });
  await once(socket, 'connect');
  return socket;
}

/** The HTTP status of the answer the server writes on `socket`, as soon as its status line arrives. */
function statusOf(socket: Socket): Promise<number> {
  let head = '';
  return new Promise((resolve, reject) => {
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (status) resolve(Number(status[1]));
    });
    socket.on('close', () => resolve(0));
  });
}

/**
 * Waits until the server has accepted `count` connections: a connection the kernel has completed but the server
 * not yet accepted would be read a poll later than the others, and the burst would not arrive together.
 */
async function acceptedAtLeast(httpServer: Server, count: number): Promise<void> {
  for (;;) {
    const open = await new Promise<number>((resolve, reject) =>
      httpServer.getConnections((error, n) => (error ? reject(error) : resolve(n))),
    );
    if (open >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Opens `FLOOD` connections from 127.0.0.2 and one from `otherAddress`, then writes every flood request and,
 * last, the other one, in one synchronous burst, so that all of them wait on the server together: how many
 * of the flood's answers came back before the other one's.
 */
async function floodAnsweredBefore(
  server: TestServer,
  otherAddress: string,
): Promise<{ before: number; statuses: number[] }> {
  const port = Number(server.httpUrl.port);
  const floodSockets = await Promise.all(Array.from({ length: FLOOD }, () => connectFrom(port, '127.0.0.2')));
  const otherSocket = await connectFrom(port, otherAddress);
  await acceptedAtLeast(server.app.getHttpServer(), FLOOD + 1);
  let answered = 0;
  const flood = floodSockets.map((socket) =>
    statusOf(socket).then((status) => {
      answered++;
      return status;
    }),
  );
  const other = statusOf(otherSocket).then((status) => ({ status, before: answered }));
  for (const socket of floodSockets) socket.write(REQUEST);
  otherSocket.write(REQUEST);
  const { status, before } = await other;
  return { before, statuses: [status, ...(await Promise.all(flood))] };
}

/**
 * The edge work budget (`edgeRequestsPerTurn`) on a real server: a keyless flood queues behind itself, by
 * address, so a request from another address is served within a few turns of the event loop instead of after
 * the whole flood, while a request from the flooding address waits its own turn behind it.
 */
describe('edge work is shared round-robin by client address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ gateways: { maxSessions: 3 * FLOOD, maxSessionsPerAddress: 3 * FLOOD } });
  });
  afterAll(() => server.close());

  it('another address is answered ahead of most of a 400-initialize flood; the flooding address is not', async () => {
    const other = await floodAnsweredBefore(server, '127.0.0.3');
    const same = await floodAnsweredBefore(server, '127.0.0.2');
    expect([...other.statuses, ...same.statuses].every((status) => status === 200)).toBe(true);
    // Served in the flood's order (no budget), the other address would wait behind nearly all 400.
    expect(other.before).toBeLessThan(FLOOD / 2);
    // Its own request queues behind its own flood: what makes the first figure the budget's doing.
    expect(same.before).toBeGreaterThan(other.before);
  });
});
