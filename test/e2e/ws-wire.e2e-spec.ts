import type { IncomingMessage } from 'node:http';
import { DispatchService } from '@myko/dispatch';
import { WebSocket } from 'ws';
import { eventually } from '../helpers/raw-mcp';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

/** Opens a raw socket offering the `mcp` subprotocol (or what the test says) and resolves once open. */
function connect(protocols: string[] = ['mcp'], headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(server.wsUrl, protocols, { headers });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves with the HTTP status of a refused handshake. */
function refusedStatus(protocols: string[], headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(server.wsUrl, protocols, { headers });
    socket.on('error', () => undefined); // terminate() after a refused handshake reports an error
    socket.once('unexpected-response', (_req, res: IncomingMessage) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => reject(new Error('handshake was accepted')));
  });
}

/** Collects the next `count` text frames as parsed JSON. */
function frames(socket: WebSocket, count: number): Promise<Record<string, unknown>[]> {
  return new Promise((resolve) => {
    const received: Record<string, unknown>[] = [];
    const onMessage = (data: Buffer) => {
      received.push(JSON.parse(data.toString()));
      if (received.length === count) {
        socket.off('message', onMessage);
        resolve(received);
      }
    };
    socket.on('message', onMessage);
  });
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 'init',
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'ws-wire', version: '0' } },
};

describe('WebSocket handshake', () => {
  it('selects the mcp subprotocol', async () => {
    const socket = await connect(['other', 'mcp']);
    expect(socket.protocol).toBe('mcp');
    socket.close();
  });

  it('refuses a client that does not offer mcp → 400', async () => {
    expect(await refusedStatus([])).toBe(400);
    expect(await refusedStatus(['graphql-ws'])).toBe(400);
  });

  it('refuses a foreign Origin or Host → 403', async () => {
    expect(await refusedStatus(['mcp'], { Origin: 'https://evil.example.com' })).toBe(403);
    expect(await refusedStatus(['mcp'], { Host: 'evil.example.com' })).toBe(403);
  });

  it('refuses malformed filter headers → 400', async () => {
    expect(await refusedStatus(['mcp'], { 'X-Myko-Tool-Callable-Deny': '[1,2' })).toBe(400);
  });
});

describe('WebSocket framing', () => {
  let socket: WebSocket;

  beforeAll(async () => {
    socket = await connect();
    const answered = frames(socket, 1);
    socket.send(JSON.stringify(INITIALIZE));
    expect((await answered)[0]).toMatchObject({ id: 'init', result: { protocolVersion: '2025-11-25' } });
    socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  });

  afterAll(() => {
    socket?.close();
  });

  it('a binary frame → -32600', async () => {
    const answered = frames(socket, 1);
    socket.send(Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })), { binary: true });
    expect((await answered)[0]).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
  });

  it('malformed JSON → -32700, a batch → -32600, an unknown method → -32601, bad params → -32602', async () => {
    const answered = frames(socket, 4);
    socket.send('{"jsonrpc":');
    socket.send(JSON.stringify([{ jsonrpc: '2.0', id: 2, method: 'ping' }]));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'nope' }));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'nope' } }));
    const codes = (await answered).map((f) => [f.id, (f.error as { code: number }).code]);
    expect(codes).toEqual(
      expect.arrayContaining([
        [null, -32700],
        [null, -32600],
        [3, -32601],
        [4, -32602],
      ]),
    );
  });

  it('never answers a notification', async () => {
    const answered = frames(socket, 1);
    socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'x' } }));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 'after', method: 'ping' }));
    expect(await answered).toEqual([{ jsonrpc: '2.0', id: 'after', result: {} }]);
  });

  it('takes pipelined requests and answers every one by id', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `p${i}`);
    const answered = frames(socket, ids.length);
    for (const id of ids) socket.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' }));
    expect((await answered).map((f) => f.id).sort()).toEqual([...ids].sort());
  });

  it('closes a connection that sends a frame over 4 MiB (1009); smaller oversized ones are answered', async () => {
    const big = await connect();
    const closed = new Promise<number>((resolve) => big.once('close', (code) => resolve(code)));
    big.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(4 * 1024 * 1024) } }));
    expect(await closed).toBe(1009);
  });

  it('ends the dispatch session when the socket closes', async () => {
    const endSession = jest.spyOn(server.app.get(DispatchService), 'endSession');
    const other = await connect();
    const closed = new Promise((resolve) => other.once('close', resolve));
    other.close();
    await closed;
    await eventually(() => endSession.mock.calls.length > 0, 5_000);
    expect(endSession).toHaveBeenCalledWith(expect.any(String));
    endSession.mockRestore();
  });
});
