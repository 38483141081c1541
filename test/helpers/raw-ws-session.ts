import { WebSocket } from 'ws';

// biome-ignore lint/suspicious/noExplicitAny: specs read untyped JSON-RPC messages
type Json = any;

/** A raw MCP WebSocket client: initialized, answers matched by id, and the close code the server sent. */
export class RawWsSession {
  private readonly waiting = new Map<number, (message: Json) => void>();
  /** Resolves with the close code and reason once the connection is closed. */
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      this.waiting.get(message.id)?.(message);
    });
    this.closed = new Promise((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  static async open(url: string): Promise<RawWsSession> {
    const socket = new WebSocket(url, 'mcp');
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const session = new RawWsSession(socket);
    const clientInfo = { name: 'raw-ws', version: '0' };
    await session.request(0, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo });
    socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    return session;
  }

  /** Sends a request; resolves with its response. */
  request(id: number, method: string, params: Json = {}): Promise<Json> {
    const answer = new Promise<Json>((resolve) => this.waiting.set(id, resolve));
    this.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    return answer;
  }

  execute(id: number, code: string): Promise<Json> {
    return this.request(id, 'tools/call', { name: 'execute', arguments: { code } });
  }

  /** Drops the connection without a close handshake, like a network failure. */
  terminate(): void {
    this.socket.terminate();
  }
}
