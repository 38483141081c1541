import type { SseMirror } from './shared-sse.streams';
import type { SseStream } from './sse.stream';
import type { SseEventStore } from './sse-event.store';

/** How a connection joins a stream. */
export interface SseAttachOptions {
  /** Resume: replay the stored events after this sequence number first. */
  afterSeq?: number;
  /** The client speaks 2025-11-25 or later: a priming event (new stream) and the `retry` delay. */
  prime: boolean;
  retryMs: number;
}

/**
 * One logical SSE stream of a session (a POST request's stream, or the standalone GET stream) with
 * the connection currently carrying it, if any. Every message gets the id `<streamId>:<seq>` and is
 * kept in the session's event store, so a client that lost the connection resumes with GET +
 * `Last-Event-ID`. Losing the connection ends nothing: the request keeps running.
 */
export class ResumableStream {
  private seq = 0;
  private connection?: SseStream;
  private ended = false;

  /** @param mirror on Redis: where every event is logged too, for a resume on another instance */
  constructor(
    readonly id: string,
    private readonly store: SseEventStore,
    private readonly onEnded: (stream: ResumableStream) => void = () => undefined,
    private readonly mirror?: SseMirror,
  ) {}

  get isConnected(): boolean {
    return this.connection?.isOpen === true;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** The highest sequence number handed out (events and priming events). */
  get lastSeq(): number {
    return this.seq;
  }

  /** Stores the message and sends it on the current connection, if any. */
  send(message: unknown): void {
    if (this.ended) return;
    const seq = ++this.seq;
    const data = JSON.stringify(message);
    this.store.append(this.id, seq, data);
    this.mirror?.event(this.id, seq, data);
    this.connection?.event(`${this.id}:${seq}`, data);
  }

  /** Takes over a stream another instance sent up to `seq`: the next event continues after it. */
  continueAfter(seq: number): void {
    this.seq = Math.max(this.seq, seq);
  }

  /**
   * Makes `connection` carry the stream, replacing (closing) the previous one: a client reconnects
   * when it believes the old connection dead, even if the server has not noticed yet. A resume
   * replays what was missed; an ended stream closes once replayed.
   */
  attach(connection: SseStream, options: SseAttachOptions): void {
    this.connection?.end();
    if (options.afterSeq === undefined) {
      if (options.prime) connection.prime(`${this.id}:${++this.seq}`, options.retryMs);
    } else {
      if (options.prime) connection.retry(options.retryMs);
      const { events, gap } = this.store.after(this.id, options.afterSeq);
      if (gap) connection.comment('some events of this stream were evicted from the event store');
      for (const event of events) connection.event(`${this.id}:${event.seq}`, event.data);
    }
    if (this.ended) {
      connection.end();
      return;
    }
    this.connection = connection;
    connection.onClose(() => {
      if (this.connection === connection) this.connection = undefined;
    });
  }

  /** Closes the connection but not the stream (SEP-1699 polling): the client resumes it later. */
  disconnect(): void {
    const connection = this.connection;
    this.connection = undefined;
    connection?.end();
  }

  /** The stream is complete (its response was sent): closes the connection; resumes only replay. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.mirror?.ended(this.id, this.seq);
    this.disconnect();
    this.onEnded(this);
  }
}
