import type { RedisStateClient } from '../redis/redis-state.client';
import type {
  SseEventLog,
  SseEventLogLimits,
  SseLogEntry,
  SseLogReplay,
  SseStreamHead,
} from './sse-event-log.interface';

/** Key of one SSE stream's log (the connection adds the key prefix). */
export function sseStreamKey(sessionId: string, streamId: string): string {
  return `sse:${sessionId}:${streamId}`;
}

/** Entry ids: the head `0-1`, event `<seq>-0`, the end `<seq>-1` (after the last event). */
const HEAD_ID = '0-1';

/**
 * The logs as Redis Streams, one per SSE stream, so a resume reads from the position a
 * `Last-Event-ID` names (`XRANGE (<seq>-0 +`); bounded by `MAXLEN ~ maxEvents` and expiring `ttlMs`
 * after the last write. A write is one pipeline, a read one pipeline (head and events).
 */
export class RedisSseEventLog implements SseEventLog {
  readonly shared = true;

  constructor(
    private readonly client: RedisStateClient,
    private readonly limits: SseEventLogLimits,
  ) {}

  async write(entries: readonly SseLogEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const { maxEvents, ttlMs } = this.limits;
    await this.client.pipeline('sse append', (pipeline) => {
      const touched = new Set<string>();
      for (const entry of entries) {
        const key = sseStreamKey(entry.sessionId, entry.streamId);
        touched.add(key);
        if (entry.head) pipeline.xadd(key, HEAD_ID, 'h', JSON.stringify(entry.head));
        if (entry.data !== undefined) pipeline.xadd(key, 'MAXLEN', '~', maxEvents, `${entry.seq}-0`, 'd', entry.data);
        if (entry.end) pipeline.xadd(key, `${entry.seq}-1`, 'e', '1');
      }
      if (ttlMs > 0) for (const key of touched) pipeline.pexpire(key, ttlMs);
    });
  }

  async read(sessionId: string, streamId: string, afterSeq: number): Promise<SseLogReplay> {
    const key = sseStreamKey(sessionId, streamId);
    const [first, rest] = (await this.client.pipeline('sse replay', (pipeline) => {
      pipeline.xrange(key, '-', '+', 'COUNT', 1);
      pipeline.xrange(key, `(${afterSeq}-0`, '+');
    })) as Array<Array<[string, string[]]>>;
    const head = first[0]?.[0] === HEAD_ID ? (JSON.parse(first[0][1][1]) as SseStreamHead) : undefined;
    const events = rest
      .filter(([, fields]) => fields[0] === 'd')
      .map(([id, fields]) => ({ seq: Number(id.split('-')[0]), data: fields[1] }));
    const ended = rest.some(([, fields]) => fields[0] === 'e');
    return {
      exists: first.length > 0,
      events,
      // Trimmed by MAXLEN: the first event left is later than the one after the resume position.
      gap: events.length > 0 && events[0].seq > afterSeq + 1,
      ended,
      ...(head ? { head } : {}),
    };
  }
}
