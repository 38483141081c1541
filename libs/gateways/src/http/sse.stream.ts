import type { ServerResponse } from 'node:http';

/**
 * One open `text/event-stream` response: JSON-RPC messages as `message` events, keep-alive comments
 * so proxies and clients don't time the stream out. Writes after the client went away are dropped.
 */
export class SseStream {
  private readonly keepAlive: NodeJS.Timeout;
  private closed = false;
  private readonly closeListeners: Array<() => void> = [];

  constructor(
    private readonly res: ServerResponse,
    keepAliveMs: number,
    headers: Record<string, string> = {},
  ) {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
      ...headers,
    });
    res.flushHeaders();
    this.keepAlive = setInterval(() => this.comment('keepalive'), keepAliveMs).unref();
    res.on('close', () => this.dispose());
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  send(message: unknown): void {
    this.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }

  comment(text: string): void {
    this.write(`: ${text}\n\n`);
  }

  /** Ends the response (the client sees the stream close). */
  end(): void {
    if (this.closed) return;
    this.dispose();
    this.res.end();
  }

  onClose(listener: () => void): void {
    if (this.closed) listener();
    else this.closeListeners.push(listener);
  }

  private write(chunk: string): void {
    if (!this.closed && !this.res.writableEnded) this.res.write(chunk);
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.keepAlive);
    for (const listener of this.closeListeners.splice(0)) listener();
  }
}
