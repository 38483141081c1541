import { AdminRequestError, type AuditPage, type AuditQuery } from '@myko/admin';
import { matchesAuditQuery, parseLine } from './audit-line.filter';

/** The recent audit lines, kept to be queried (`GET <admin path>/audit`). */
export interface RecentAuditLines {
  /** Keeps one line written now (`at`: epoch ms). */
  add(line: string, at: number): void;
  /** The lines matching `query`, newest first. */
  query(query: AuditQuery): Promise<AuditPage>;
}

const MEMORY_CURSOR = /^m(\d{1,15})$/;

/**
 * The last `capacity` lines of this process in a ring: adding one is an array store, nothing more. A query scans
 * newest first and stops at `limit` matches or at a line written before `since`.
 */
export class MemoryRecentAuditLines implements RecentAuditLines {
  private readonly lines: string[] = [];
  private readonly times: number[] = [];
  /** Lines added so far; line `n` sits at `n % capacity` while it is kept. */
  private added = 0;

  constructor(private readonly capacity: number) {}

  add(line: string, at: number): void {
    const slot = this.added % this.capacity;
    this.lines[slot] = line;
    this.times[slot] = at;
    this.added++;
  }

  async query(query: AuditQuery): Promise<AuditPage> {
    const records: object[] = [];
    const oldest = Math.max(0, this.added - this.capacity);
    let next = this.startOf(query.cursor);
    for (; next >= oldest; next--) {
      const slot = next % this.capacity;
      if (query.since !== undefined && this.times[slot] < query.since) return { records };
      const line = parseLine(this.lines[slot]);
      if (line && matchesAuditQuery(line, query)) records.push(line);
      if (records.length === query.limit) break;
    }
    return next > oldest ? { records, next: `m${next}` } : { records };
  }

  /** The newest line number a page starts at: before its cursor's, else the newest. */
  private startOf(cursor: string | undefined): number {
    if (cursor === undefined) return this.added - 1;
    const match = MEMORY_CURSOR.exec(cursor);
    if (!match) throw new AdminRequestError(400, '`cursor` must be the `next` of an earlier page');
    return Math.min(Number(match[1]), this.added) - 1;
  }
}
