import { AdminRequestError, type AuditPage, type AuditQuery } from '@myko/admin';
import type { RedisStateClient } from '@myko/state';
import { Logger } from '@nestjs/common';
import { matchesAuditQuery, parseLine } from './audit-line.filter';
import type { RecentAuditLines } from './recent-audit.lines';

/** The stream every instance appends its lines to, under the connection's key prefix (`myko:audit:lines`). */
export const AUDIT_STREAM_KEY = 'audit:lines';
const FIELD = 'l';
/** Entries read per round trip of a query, and the most a query reads before it answers with a cursor. */
const PAGE = 500;
const MAX_SCANNED = 20_000;
/** Lines waiting for their round trip, at most: while Redis is slow or down, the rest are dropped (the sink has them). */
const MAX_PENDING = 10_000;
const STREAM_CURSOR = /^r(\d{1,20}-\d{1,20})$/;

type Entry = [id: string, fields: string[]];

/**
 * The recent audit lines of every instance in one Redis stream (`XADD … MAXLEN ~ capacity`), so a query on any
 * replica finds a line written on another. Lines are sent in batches, one pipeline per tick, never awaited by the
 * caller that wrote them; the audit file (or stderr) stays the record, the stream is its queryable tail.
 */
export class RedisRecentAuditLines implements RecentAuditLines {
  private readonly logger = new Logger('AuditLog');
  private pending: string[] = [];
  private flushing = false;
  private failed = false;

  constructor(
    private readonly client: RedisStateClient,
    private readonly capacity: number,
  ) {}

  add(line: string): void {
    if (this.pending.length >= MAX_PENDING) return;
    this.pending.push(line);
    if (!this.flushing) this.schedule();
  }

  private schedule(): void {
    this.flushing = true;
    setImmediate(() => void this.flush());
  }

  /** Sends what is pending (tests and shutdown await it). */
  async flush(): Promise<void> {
    const lines = this.pending;
    this.pending = [];
    try {
      if (lines.length > 0) {
        await this.client.pipeline('audit append', (pipeline) => {
          for (const line of lines) pipeline.xadd(AUDIT_STREAM_KEY, 'MAXLEN', '~', this.capacity, '*', FIELD, line);
        });
      }
      this.failed = false;
    } catch (error) {
      if (!this.failed) this.logger.warn(`audit lines not shared through Redis: ${(error as Error).message}`);
      this.failed = true;
    } finally {
      this.flushing = false;
      // Lines written while this batch was on its way go in the next one.
      if (this.pending.length > 0) this.schedule();
    }
  }

  async query(query: AuditQuery): Promise<AuditPage> {
    const records: object[] = [];
    let end = this.startOf(query.cursor);
    // Stream ids are write times: a line written before `since` cannot have happened after it.
    const start = query.since === undefined ? '-' : `${query.since}`;
    for (let scanned = 0; scanned < MAX_SCANNED; ) {
      const entries = (await this.client.run('audit query', (redis) =>
        redis.xrevrange(AUDIT_STREAM_KEY, end, start, 'COUNT', PAGE),
      )) as Entry[];
      for (const [index, [id, fields]] of entries.entries()) {
        const line = parseLine(fields[1] ?? '');
        if (line && matchesAuditQuery(line, query)) records.push(line);
        if (records.length === query.limit) {
          const more = index < entries.length - 1 || entries.length === PAGE;
          return more ? { records, next: `r${id}` } : { records };
        }
      }
      if (entries.length < PAGE) return { records };
      scanned += entries.length;
      end = `(${entries[entries.length - 1][0]}`;
    }
    return { records, next: `r${end.slice(1)}` };
  }

  private startOf(cursor: string | undefined): string {
    if (cursor === undefined) return '+';
    const match = STREAM_CURSOR.exec(cursor);
    if (!match) throw new AdminRequestError(400, '`cursor` must be the `next` of an earlier page');
    return `(${match[1]}`;
  }
}
