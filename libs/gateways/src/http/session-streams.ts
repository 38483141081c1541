import type { ReplayBudget } from './replay-budget';
import { ResumableStream } from './resumable.stream';
import type { SseMirror } from './shared-sse.streams';
import { SseEventStore, type SseEventStoreLimits } from './sse-event.store';

/** The id of the standalone GET stream; request streams are `r1`, `r2`… */
export const STANDALONE_STREAM_ID = 'g';

/** A `Last-Event-ID`: `<streamId>:<seq>`, the stream id a letter and then letters or digits. */
export function parseEventId(lastEventId: string): { streamId: string; seq: number } | undefined {
  const match = /^([a-z][a-z0-9]*):(\d{1,15})$/.exec(lastEventId.trim());
  return match ? { streamId: match[1], seq: Number(match[2]) } : undefined;
}

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

  /** @param mirror on Redis: logs every event for a resume on another instance */
  constructor(
    limits: SseEventStoreLimits,
    budget?: ReplayBudget,
    private readonly mirror?: SseMirror,
  ) {
    this.store = new SseEventStore(limits, (id) => this.dropIfDone(id), budget);
  }

  /** Bytes of this session's stored events. */
  get storedBytes(): number {
    return this.store.byteSize;
  }

  /** A new stream for the answer of one POSTed request (`requestId`: what an instance that resumes it must answer). */
  openRequestStream(requestId: string | number | null = null): ResumableStream {
    const tag = this.mirror ? `x${this.mirror.streamTag}` : '';
    const id = `r${++this.requestCount}${tag}`;
    const stream = new ResumableStream(id, this.store, (s) => this.dropIfDone(s.id), this.mirror);
    this.mirror?.opened(id, requestId);
    this.streams.set(stream.id, stream);
    return stream;
  }

  /** The standalone stream (GET without `Last-Event-ID`): one per session, for its whole life. */
  get standalone(): ResumableStream {
    let stream = this.streams.get(STANDALONE_STREAM_ID);
    if (!stream) {
      stream = new ResumableStream(STANDALONE_STREAM_ID, this.store, undefined, this.mirror);
      this.streams.set(stream.id, stream);
    }
    return stream;
  }

  /** The stream and position a `Last-Event-ID` names; undefined when malformed, foreign, forgotten or in the future. */
  find(lastEventId: string): SsePosition | undefined {
    const position = parseEventId(lastEventId);
    if (!position) return undefined;
    const stream = this.streams.get(position.streamId);
    const { seq } = position;
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
