import type { LoggedSseEvent, SseEventLog, SseEventLogLimits, SseLogReplay } from './sse-event-log.interface';

/**
 * The same contract in this process. The gateways' own per-session `SseEventStore` (bounded by bytes
 * and a server-wide budget) is what one instance resumes from; this log is what the Redis one is
 * measured against.
 */
export class MemorySseEventLog implements SseEventLog {
  readonly shared = false;
  private readonly streams = new Map<string, { events: LoggedSseEvent[]; expiresAt: number }>();

  constructor(private readonly limits: SseEventLogLimits) {}

  async append(sessionId: string, streamId: string, seq: number, data: string): Promise<void> {
    const key = `${sessionId}:${streamId}`;
    const stream = this.live(key) ?? { events: [], expiresAt: 0 };
    stream.events.push({ seq, data });
    if (stream.events.length > this.limits.maxEvents)
      stream.events.splice(0, stream.events.length - this.limits.maxEvents);
    stream.expiresAt = this.limits.ttlMs > 0 ? Date.now() + this.limits.ttlMs : Number.POSITIVE_INFINITY;
    this.streams.set(key, stream);
  }

  async after(sessionId: string, streamId: string, seq: number): Promise<SseLogReplay> {
    const events = (this.live(`${sessionId}:${streamId}`)?.events ?? []).filter((event) => event.seq > seq);
    return { events, gap: events.length > 0 && events[0].seq > seq + 1 };
  }

  async drop(sessionId: string, streamIds: readonly string[]): Promise<void> {
    for (const id of streamIds) this.streams.delete(`${sessionId}:${id}`);
  }

  private live(key: string) {
    const stream = this.streams.get(key);
    if (stream && Date.now() > stream.expiresAt) {
      this.streams.delete(key);
      return undefined;
    }
    return stream;
  }
}
