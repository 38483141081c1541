import type { ReplayBudget } from './replay-budget';
import { ResumableStream } from './resumable.stream';
import { SseEventStore, type SseEventStoreLimits } from './sse-event.store';

/** The id of the standalone GET stream; request streams are `r1`, `r2`… */
export const STANDALONE_STREAM_ID = 'g';

/** A stream and the position a `Last-Event-ID` names in it. */
export interface SsePosition {
  stream: ResumableStream;
  seq: number;
}

/**
 * The SSE streams of one HTTP session and their shared, bounded event store. Event ids are
 * `<streamId>:<seq>`, so they are unique in the session and name the stream a resume belongs to.
 * A request stream is forgotten once it has ended and none of its events is stored any more.
 */
export class SessionStreams {
  private readonly store: SseEventStore;
  private readonly streams = new Map<string, ResumableStream>();
  private requestCount = 0;

  constructor(limits: SseEventStoreLimits, budget?: ReplayBudget) {
    this.store = new SseEventStore(limits, (id) => this.dropIfDone(id), budget);
  }

  /** Bytes of this session's stored events. */
  get storedBytes(): number {
    return this.store.byteSize;
  }

  /** A new stream for the answer of one POSTed request. */
  openRequestStream(): ResumableStream {
    const stream = new ResumableStream(`r${++this.requestCount}`, this.store, (s) => this.dropIfDone(s.id));
    this.streams.set(stream.id, stream);
    return stream;
  }

  /** The standalone stream (GET without `Last-Event-ID`): one per session, for its whole life. */
  get standalone(): ResumableStream {
    let stream = this.streams.get(STANDALONE_STREAM_ID);
    if (!stream) {
      stream = new ResumableStream(STANDALONE_STREAM_ID, this.store);
      this.streams.set(stream.id, stream);
    }
    return stream;
  }

  /** The stream and position a `Last-Event-ID` names; undefined when malformed, foreign, forgotten or in the future. */
  find(lastEventId: string): SsePosition | undefined {
    const match = /^([a-z]\d*):(\d{1,15})$/.exec(lastEventId.trim());
    if (!match) return undefined;
    const stream = this.streams.get(match[1]);
    const seq = Number(match[2]);
    if (!stream || seq > stream.lastSeq) return undefined;
    return { stream, seq };
  }

  hasOpenConnection(): boolean {
    for (const stream of this.streams.values()) if (stream.isConnected) return true;
    return false;
  }

  /** Ends every stream and drops the stored events (the session is over). */
  close(): void {
    for (const stream of this.streams.values()) stream.disconnect();
    this.streams.clear();
    this.store.clear();
  }

  private dropIfDone(id: string): void {
    const stream = this.streams.get(id);
    if (!stream?.isEnded || this.store.holds(id)) return;
    this.streams.delete(id);
    this.store.forget(id);
  }
}
