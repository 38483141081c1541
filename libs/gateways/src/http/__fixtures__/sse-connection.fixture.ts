import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SseStream, type SseStreamOptions } from '../sse.stream';

/** One real SSE connection over loopback: the server side as an `SseStream`, the client side as text. */
export interface SseConnection {
  stream: SseStream;
  res: ServerResponse;
  /** The client's response (paused: nothing is read until `text()` is called). */
  client: IncomingMessage;
  /** Everything the client receives until the server closes the response. */
  text(): Promise<string>;
}

/** A loopback HTTP server whose every request becomes an `SseStream`. */
export class SseConnections {
  private readonly pending: Array<(res: ServerResponse) => void> = [];
  private readonly server: Server = createServer((_req, res) => this.pending.shift()?.(res));

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  async open(options: Partial<SseStreamOptions> = {}): Promise<SseConnection> {
    const { port } = this.server.address() as AddressInfo;
    const served = new Promise<ServerResponse>((resolve) => this.pending.push(resolve));
    const answered = new Promise<IncomingMessage>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: '/' }, (res) => {
        res.pause();
        resolve(res);
      }).on('error', reject);
    });
    const res = await served;
    const stream = new SseStream(res, { keepAliveMs: 60_000, maxBufferedBytes: 1 << 20, ...options });
    const client = await answered;
    return { stream, res, client, text: () => readAll(client) };
  }
}

function readAll(client: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    client.setEncoding('utf8');
    client.on('data', (chunk: string) => {
      text += chunk;
    });
    client.on('end', () => resolve(text));
    client.on('close', () => resolve(text));
    client.resume();
  });
}
