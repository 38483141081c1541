import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { ClientFilters } from '@myko/filter';
import { StdioTransport } from '@myko/gateways';
import { WebSocket } from 'ws';
import { apiKeyProtocol } from '../../libs/gateways/src/ws/ws-api-key.protocol';
import { KEYS, startAccessServer, writeAccessConfig } from '../helpers/access-fixtures';
import { startTestServer, type TestServer } from '../helpers/test-server';

// biome-ignore lint/suspicious/noExplicitAny: specs read untyped JSON-RPC messages
type Json = any;

const ONE_MIB = 1024 * 1024;
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 'init',
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'agents', version: '0' } },
};

function open(url: URL, protocols: string[], headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, protocols, { headers });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Status, Content-Type and body of a refused handshake. */
function refusal(url: URL, protocols: string[], headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type: string; body: Json }>((resolve, reject) => {
    const socket = new WebSocket(url, protocols, { headers });
    socket.on('error', () => undefined);
    socket.once('unexpected-response', (_req, res: IncomingMessage) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body: JSON.parse(body) });
        socket.terminate();
      });
    });
    socket.once('open', () => reject(new Error('handshake was accepted')));
  });
}

/** Sends one message and resolves with the answer carrying `id`. */
function ask(socket: WebSocket, message: Json): Promise<Json> {
  return new Promise((resolve) => {
    const onMessage = (data: Buffer) => {
      const answer = JSON.parse(data.toString());
      if (answer.id !== message.id) return;
      socket.off('message', onMessage);
      resolve(answer);
    };
    socket.on('message', onMessage);
    socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  });
}

describe('WebSocket: oversized messages and refusals, as agents meet them', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers a message over the limit with a JSON-RPC error naming its id, and keeps serving the socket', async () => {
    const socket = await open(server.wsUrl, ['mcp']);
    expect((await ask(socket, INITIALIZE)).result).toBeDefined();
    socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    const code = `return ${JSON.stringify('x'.repeat(ONE_MIB))}.length;`;
    const big = { jsonrpc: '2.0', method: 'tools/call', params: { name: 'execute', arguments: { code } }, id: 7 };
    const closed = jest.fn();
    socket.once('close', closed);
    const answer = await ask(socket, big);
    expect(answer.error.code).toBe(-32600);
    expect(answer.error.message).toMatch(/^Invalid Request: the message is \d+ bytes; the limit is 1048576\./);
    expect(await ask(socket, { jsonrpc: '2.0', id: 8, method: 'ping' })).toEqual({ jsonrpc: '2.0', id: 8, result: {} });
    expect(closed).not.toHaveBeenCalled();
    socket.close();
  });

  it('refuses a handshake without the mcp subprotocol in JSON, not HTML', async () => {
    const refused = await refusal(server.wsUrl, ['graphql-ws']);
    expect(refused).toEqual({
      status: 400,
      type: 'application/json',
      body: {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: 'Bad Request: the WebSocket subprotocol "mcp" is required' },
      },
    });
  });
});

describe('WebSocket: an API key through a Sec-WebSocket-Protocol entry', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAccessServer(writeAccessConfig().path);
  });
  afterAll(() => server.close());

  it('accepts a known key offered as a subprotocol, as that profile, and selects only mcp', async () => {
    const socket = await open(server.wsUrl, ['mcp', apiKeyProtocol(KEYS.ops)]);
    expect(socket.protocol).toBe('mcp');
    await ask(socket, INITIALIZE);
    const search = { name: 'search', arguments: { kind: 'command' } };
    const answer = await ask(socket, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: search });
    expect(answer.result.structuredContent.operations.map((op: Json) => op.id)).toEqual(['CancelOrder']);
    socket.close();
  });

  it('refuses a wrong key (401), a malformed entry or a key sent twice (400), and a key in the URL (400)', async () => {
    const wrong = await refusal(server.wsUrl, ['mcp', apiKeyProtocol('not-a-key')]);
    expect(wrong.status).toBe(401);
    expect(wrong.type).toBe('application/json');
    expect(wrong.body.error.message).toMatch(/^Unauthorized: /);
    expect((await refusal(server.wsUrl, ['mcp', 'base64url.bearer.myko.!!'])).status).toBe(400);
    const twice = await refusal(server.wsUrl, ['mcp', apiKeyProtocol(KEYS.ops)], {
      Authorization: `Bearer ${KEYS.support}`,
    });
    expect(twice.body.error.message).toBe(
      'Bad Request: send the API key either as Authorization or as a subprotocol, not both',
    );
    const inUrl = await refusal(new URL(`${server.wsUrl}?api_key=${KEYS.ops}`), ['mcp']);
    expect(inUrl.status).toBe(400);
    expect(inUrl.body.error.message).toMatch(/^Bad Request: API keys are not accepted in the URL/);
    expect((await refusal(server.wsUrl, ['mcp'])).status).toBe(401);
  });
});

describe('stdio: the same message limit', () => {
  it('answers a line over the limit with a JSON-RPC error and serves the next line', async () => {
    const server = await startTestServer();
    try {
      const input = new PassThrough();
      const output = new PassThrough();
      const lines: Json[] = [];
      output.on('data', (chunk: Buffer) =>
        lines.push(
          ...chunk
            .toString()
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l)),
        ),
      );
      const served = server.app.get(StdioTransport).serve({ filters: ClientFilters.ALLOW_ALL, input, output });
      input.write(
        `${JSON.stringify({ jsonrpc: '2.0', id: 'big', method: 'ping', params: { pad: 'x'.repeat(ONE_MIB) } })}\n`,
      );
      input.write(`${JSON.stringify({ jsonrpc: '2.0', id: 'next', method: 'ping' })}\n`);
      input.end();
      await served;
      expect(lines.find((l) => l.id === 'big')?.error.code).toBe(-32600);
      expect(lines.find((l) => l.id === 'next')).toEqual({ jsonrpc: '2.0', id: 'next', result: {} });
    } finally {
      await server.close();
    }
  });
});
