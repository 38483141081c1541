import type { ServerResponse } from 'node:http';
import type { ResumableStream } from './resumable.stream';
import type { SessionStreams } from './session-streams';
import { SseStream } from './sse.stream';

/** How the answer to one POSTed request may be given. */
export interface McpPostResponderOptions {
  /** The client accepts `application/json`. */
  json: boolean;
  /** The client accepts `text/event-stream`. */
  sse: boolean;
  /** The client speaks 2025-11-25 or later: priming event and `retry`, and the stream may close early. */
  resumable: boolean;
  retryMs: number;
  /** Close a resumable stream after this long, before the response (SEP-1699 polling); 0: never. */
  pollAfterMs: number;
  keepAliveMs: number;
  maxBufferedBytes: number;
  headers?: Record<string, string>;
  /** The request's id: an instance that resumes this stream after ours died answers it with an error. */
  requestId?: string | number | null;
}

/**
 * Answers one POSTed request. The answer is plain `application/json` unless the call sends a message
 * to the client (progress, log, a sampling or elicitation request) before it finishes and the client
 * accepts `text/event-stream`: then it becomes an SSE stream carrying those messages and finally the
 * response, each with an event id. A client that accepts only `text/event-stream` always gets the
 * stream form. The connection may close before the response (client gone, or polling): the request
 * keeps running and the rest of its stream waits in the event store for a resume.
 */
export class McpPostResponder {
  private stream?: ResumableStream;
  private finished = false;
  private readonly pollTimer?: NodeJS.Timeout;

  constructor(
    private readonly res: ServerResponse,
    private readonly streams: Pick<SessionStreams, 'openRequestStream'>,
    private readonly options: McpPostResponderOptions,
  ) {
    if (this.closeStream && options.pollAfterMs > 0) {
      this.pollTimer = setTimeout(() => this.closeStream?.(), options.pollAfterMs).unref();
    }
  }

  /** The `notify` for the request's ClientContext; undefined when the client cannot receive SSE. */
  get notify(): ((message: unknown) => void) | undefined {
    return this.options.sse ? (message) => this.push(message) : undefined;
  }

  /**
   * Closes the POST response after the priming event while the request runs on (SEP-1699); the
   * client comes back with GET + `Last-Event-ID`. Undefined when the client could not resume.
   */
  get closeStream(): (() => void) | undefined {
    return this.options.sse && this.options.resumable ? () => this.disconnect() : undefined;
  }

  /** The answer became an SSE stream (with event ids a client can resume from). */
  get isStream(): boolean {
    return this.stream !== undefined;
  }

  /** `status`: a plain JSON answer's HTTP status (a 2026-07-28 refusal is 400/404 with its JSON-RPC body). */
  respond(message: unknown, extraHeaders: Record<string, string> = {}, status = 200): void {
    this.finish();
    if (this.stream || !this.options.json) {
      const stream = this.open(extraHeaders);
      stream.send(message);
      stream.end();
      return;
    }
    const body = JSON.stringify(message);
    this.res.writeHead(status, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      ...this.options.headers,
      ...extraHeaders,
    });
    this.res.end(body);
  }

  /** 202 with no body: nothing (more) to answer. */
  accepted(): void {
    this.finish();
    if (this.stream) this.stream.end();
    else this.res.writeHead(202).end();
  }

  private push(message: unknown): void {
    // Messages after the response are dropped: the request's stream is over.
    if (!this.finished) this.open().send(message);
  }

  private disconnect(): void {
    if (!this.finished) this.open().disconnect();
  }

  private finish(): void {
    this.finished = true;
    clearTimeout(this.pollTimer);
  }

  private open(extraHeaders: Record<string, string> = {}): ResumableStream {
    if (this.stream) return this.stream;
    const { keepAliveMs, maxBufferedBytes, headers, resumable, retryMs } = this.options;
    const connection = new SseStream(this.res, {
      keepAliveMs,
      maxBufferedBytes,
      headers: { ...headers, ...extraHeaders },
    });
    this.stream = this.streams.openRequestStream(this.options.requestId);
    this.stream.attach(connection, { prime: resumable, retryMs });
    return this.stream;
  }
}
