import type { ServerResponse } from 'node:http';
import { SseStream } from './sse.stream';

/**
 * Answers one POSTed request. The answer is plain `application/json` unless the call emits a
 * notification (progress, log) before it finishes and the client accepts `text/event-stream`: then
 * the response becomes an SSE stream carrying those notifications and finally the response. A client
 * that accepts only `text/event-stream` always gets the stream form.
 */
export class McpPostResponder {
  private stream?: SseStream;
  private finished = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly options: { json: boolean; sse: boolean; keepAliveMs: number; headers?: Record<string, string> },
  ) {}

  /** The `notify` for the request's ClientContext; undefined when the client cannot receive SSE. */
  get notify(): ((notification: unknown) => void) | undefined {
    return this.options.sse ? (notification) => this.push(notification) : undefined;
  }

  respond(message: unknown, extraHeaders: Record<string, string> = {}): void {
    this.finished = true;
    if (!this.stream && !this.options.json) this.stream = this.openStream(extraHeaders);
    if (this.stream) {
      this.stream.send(message);
      this.stream.end();
      return;
    }
    const body = JSON.stringify(message);
    this.res.writeHead(200, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      ...this.options.headers,
      ...extraHeaders,
    });
    this.res.end(body);
  }

  /** 202 with no body: nothing (more) to answer. */
  accepted(): void {
    this.finished = true;
    if (this.stream) this.stream.end();
    else this.res.writeHead(202).end();
  }

  private push(notification: unknown): void {
    // Notifications after the response are dropped: the request's stream is over.
    if (this.finished) return;
    this.stream ??= this.openStream();
    this.stream.send(notification);
  }

  private openStream(extraHeaders: Record<string, string> = {}): SseStream {
    return new SseStream(this.res, this.options.keepAliveMs, { ...this.options.headers, ...extraHeaders });
  }
}
