import type { ServerResponse } from 'node:http';

/** How one SSE response behaves. */
export interface SseStreamOptions {
  /** Interval of the keep-alive comments. */
  keepAliveMs: number;
  /**
   * Bytes the response may hold back while the client is not reading; above it the connection is
   * dropped (the events stay in the session's event store for a resume).
   */
  maxBufferedBytes: number;
  headers?: Record<string, string>;
}

/**
 * One open `text/event-stream` response: JSON-RPC messages as `message` events with their event
 * ids, priming events, keep-alive comments so proxies and clients don't time the stream out. Writes
 * after the client went away are dropped; a client that stops reading is disconnected rather than
 * buffered without bound.
 */
export class SseStream {
  private readonly keepAlive: NodeJS.Timeout;
  private backlogCheck?: NodeJS.Immediate;
  private closed = false;
  private readonly closeListeners: Array<() => void> = [];

  constructor(
    private readonly res: ServerResponse,
    private readonly options: SseStreamOptions,
  ) {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
      ...options.headers,
    });
    res.flushHeaders();
    this.keepAlive = setInterval(() => this.comment('keepalive'), options.keepAliveMs).unref();
    res.on('close', () => this.dispose());
    // The client may have gone before the stream form was chosen: 'close' has fired already.
    if (res.destroyed) this.dispose();
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** A `message` event; `data` is one line of serialized JSON. */
  event(id: string, data: string): void {
    this.write(`event: message\nid: ${id}\ndata: ${data}\n\n`);
  }

  /**
   * The priming event (SEP-1699): an id and empty data, so the client holds a `Last-Event-ID` before
   * any message, and the reconnection delay it must wait if the stream closes early.
   */
  prime(id: string, retryMs?: number): void {
    this.write(`id: ${id}\n${retryMs === undefined ? '' : `retry: ${retryMs}\n`}data: \n\n`);
  }

  /** Sets the client's reconnection delay without dispatching an event. */
  retry(ms: number): void {
    this.write(`retry: ${ms}\n\n`);
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
    if (this.closed || this.res.writableEnded) return;
    if (!this.res.write(chunk)) this.checkBacklog();
  }

  /**
   * Measured once the current burst of writes is over: bytes the socket took synchronously are only
   * subtracted from `writableLength` on the next tick, so a reader keeping up is never dropped.
   */
  private checkBacklog(): void {
    this.backlogCheck ??= setImmediate(() => {
      this.backlogCheck = undefined;
      if (this.closed || this.res.writableLength <= this.options.maxBufferedBytes) return;
      this.dispose();
      this.res.destroy();
    });
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.keepAlive);
    if (this.backlogCheck) clearImmediate(this.backlogCheck);
    for (const listener of this.closeListeners.splice(0)) listener();
  }
}
