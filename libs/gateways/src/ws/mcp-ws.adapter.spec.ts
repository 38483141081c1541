import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { type OnGatewayConnection, SubscribeMessage, WebSocketGateway, type WsResponse } from '@nestjs/websockets';
import { WebSocket } from 'ws';
import { useReleases } from '../../../../test/helpers/releases';
import { McpWsAdapter } from './mcp-ws.adapter';

/** A classic Nest gateway: `{ event, data }` frames through `@SubscribeMessage`. */
@WebSocketGateway({ path: '/echo' })
class EchoGateway {
  @SubscribeMessage('echo')
  echo(_client: WebSocket, data: unknown): WsResponse<unknown> {
    return { event: 'echo', data };
  }
}

/** A gateway like McpGateway: no message handlers, it listens to its sockets itself. */
@WebSocketGateway({ path: '/raw' })
class RawGateway implements OnGatewayConnection {
  readonly frames: string[] = [];

  handleConnection(socket: WebSocket): void {
    socket.on('message', (data: Buffer) => {
      this.frames.push(data.toString());
      socket.send(`got ${data.toString()}`);
    });
  }
}

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

function nextText(socket: WebSocket): Promise<string> {
  return new Promise((resolve) => socket.once('message', (data: Buffer) => resolve(data.toString())));
}

describe('McpWsAdapter', () => {
  let app: INestApplication;
  let adapter: McpWsAdapter;
  let base: string;
  const parsed: unknown[] = [];

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      providers: [EchoGateway, RawGateway],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    adapter = new McpWsAdapter(app);
    // Nest's per-message pipeline parses every frame it is bound to with this parser.
    adapter.setMessageParser((data) => {
      parsed.push(data.toString());
      return JSON.parse(data.toString());
    });
    app.useWebSocketAdapter(adapter);
    await app.listen(0, '127.0.0.1');
    base = `ws://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(() => app.close());
  // Each socket a test opens is gone after it, passed or failed.
  const opened = useReleases();
  const terminate = (socket: WebSocket) => socket.terminate();

  beforeEach(() => {
    parsed.length = 0;
  });

  it('binds no per-message pipeline to a gateway without message handlers: frames reach its own listener', async () => {
    const socket = opened(await open(`${base}/raw`), terminate);
    const answer = nextText(socket);
    socket.send('{"event":"echo","data":1}');
    expect(await answer).toBe('got {"event":"echo","data":1}');
    expect(app.get(RawGateway).frames).toEqual(['{"event":"echo","data":1}']);
    expect(parsed).toEqual([]);
    socket.close();
  });

  it('keeps Nest’s pipeline for a gateway with @SubscribeMessage handlers', async () => {
    const socket = opened(await open(`${base}/echo`), terminate);
    const answer = nextText(socket);
    socket.send(JSON.stringify({ event: 'echo', data: { n: 2 } }));
    expect(JSON.parse(await answer)).toEqual({ event: 'echo', data: { n: 2 } });
    expect(parsed).toHaveLength(1);
    socket.close();
  });

  it('routes upgrades by path without the query, case-insensitively, like the HTTP gateway', async () => {
    const socket = opened(await open(`${base}/RAW?trace=1`), terminate);
    const answer = nextText(socket);
    socket.send('x');
    expect(await answer).toBe('got x');
    socket.close();
  });

  it('cuts an upgrade to a path no gateway serves', async () => {
    await expect(open(`${base}/nowhere`)).rejects.toThrow(/socket hang up|ECONNRESET/);
  });
});
