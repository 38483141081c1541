import type {
  LoggedSseEvent,
  SseEventLog,
  SseEventLogLimits,
  SseLogEntry,
  SseLogReplay,
  SseStreamHead,
} from './sse-event-log.interface';

interface LoggedStream {
  head?: SseStreamHead;
  events: LoggedSseEvent[];
  /** Events trimmed away, up to this sequence number. */
  trimmedThrough: number;
  ended: boolean;
  expiresAt: number;
}

/**
 * The same contract in this process. One instance resumes from the gateways' own per-session
 * `SseEventStore` (bounded by bytes and a server-wide budget); this log is the reference the Redis
 * one is held to.
 */
export class MemorySseEventLog implements SseEventLog {
  readonly shared = false;
  private readonly streams = new Map<string, LoggedStream>();

  constructor(private readonly limits: SseEventLogLimits) {}

  async write(entries: readonly SseLogEntry[]): Promise<void> {
    for (const entry of entries) {
      const key = `${entry.sessionId}:${entry.streamId}`;
      const stream = this.live(key) ?? { events: [], trimmedThrough: 0, ended: false, expiresAt: 0 };
      if (entry.head) stream.head = entry.head;
      if (entry.data !== undefined) stream.events.push({ seq: entry.seq, data: entry.data });
      const over = stream.events.length - this.limits.maxEvents;
      if (over > 0) stream.trimmedThrough = stream.events.splice(0, over).at(-1)?.seq ?? stream.trimmedThrough;
      if (entry.end) stream.ended = true;
      stream.expiresAt = this.limits.ttlMs > 0 ? Date.now() + this.limits.ttlMs : Number.POSITIVE_INFINITY;
      this.streams.set(key, stream);
    }
  }

  async read(sessionId: string, streamId: string, afterSeq: number): Promise<SseLogReplay> {
    const stream = this.live(`${sessionId}:${streamId}`);
    if (!stream) return { exists: false, events: [], gap: false, ended: false };
    const events = stream.events.filter((event) => event.seq > afterSeq);
    return {
      exists: true,
      events,
      gap: stream.trimmedThrough > afterSeq,
      ended: stream.ended,
      ...(stream.head ? { head: stream.head } : {}),
    };
  }

  private live(key: string): LoggedStream | undefined {
    const stream = this.streams.get(key);
    if (stream && Date.now() > stream.expiresAt) {
      this.streams.delete(key);
      return undefined;
    }
    return stream;
  }
}
