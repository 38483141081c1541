import type { RedisStateClient } from '../redis/redis-state.client';
import type { SseEventLog, SseEventLogLimits, SseLogReplay } from './sse-event-log.interface';

/** Key of one SSE stream's log (the connection adds the key prefix). */
export function sseStreamKey(sessionId: string, streamId: string): string {
  return `sse:${sessionId}:${streamId}`;
}

/**
 * The logs as Redis Streams, one per SSE stream, entry id `<seq>-0` so a resume reads from the
 * position a `Last-Event-ID` names; bounded by `MAXLEN ~ maxEvents` and expiring `ttlMs` after the
 * last event. An append is one pipeline (XADD + PEXPIRE), a read one XRANGE.
 */
export class RedisSseEventLog implements SseEventLog {
  readonly shared = true;

  constructor(
    private readonly client: RedisStateClient,
    private readonly limits: SseEventLogLimits,
  ) {}

  async append(sessionId: string, streamId: string, seq: number, data: string): Promise<void> {
    const key = sseStreamKey(sessionId, streamId);
    await this.client.pipeline('sse append', (pipeline) => {
      pipeline.xadd(key, 'MAXLEN', '~', this.limits.maxEvents, `${seq}-0`, 'd', data);
      if (this.limits.ttlMs > 0) pipeline.pexpire(key, this.limits.ttlMs);
    });
  }

  async after(sessionId: string, streamId: string, seq: number): Promise<SseLogReplay> {
    const entries = await this.client.run('sse replay', (redis) =>
      redis.xrange(sseStreamKey(sessionId, streamId), `(${seq}-0`, '+'),
    );
    const events = entries.map(([id, fields]) => ({ seq: Number(id.split('-')[0]), data: fields[1] ?? '' }));
    return { events, gap: events.length > 0 && events[0].seq > seq + 1 };
  }

  async drop(sessionId: string, streamIds: readonly string[]): Promise<void> {
    if (streamIds.length === 0) return;
    await this.client.run('sse drop', (redis) => redis.del(...streamIds.map((id) => sseStreamKey(sessionId, id))));
  }
}
