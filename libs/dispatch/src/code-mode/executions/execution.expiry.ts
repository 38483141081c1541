import type { ExecutionListQuery } from '@myko/state';
import type { ExecutionRecord } from './execution-record';

/**
 * A paused execution past its `expiresAt` is `expired`: nobody decided it in time, and it can no longer be
 * approved or rejected. The store keeps its record one more retention period after that (`keptFor`), so a
 * decision or a listing answers `expired` instead of not knowing the id; the record itself stays `paused` in the
 * store, and is read as `expired` from then on (no sweeper has to run for it).
 */
export function asOfNow(record: ExecutionRecord, now = Date.now()): ExecutionRecord {
  return isExpired(record, now) ? { ...record, state: 'expired' } : record;
}

/** Whether the record is a pause nobody decided before its `expiresAt`. */
export function isExpired(record: ExecutionRecord, now = Date.now()): boolean {
  return record.state === 'paused' && record.expiresAt <= now;
}

/** How long the store keeps a record from now: to its `expiresAt`, a pause one `retentionMs` more (see `asOfNow`). */
export function keptFor(record: ExecutionRecord, retentionMs: number, now = Date.now()): number {
  return record.expiresAt - now + (record.state === 'paused' ? retentionMs : 0);
}

/**
 * The store's query for a listing: `expired` ones are stored as `paused` (see `asOfNow`), so both are asked
 * as `paused` and told apart by `keeps` once read (a page may then hold fewer than `limit`; `next` goes on).
 */
export function storeQueryOf(query: ExecutionListQuery): {
  readonly query: ExecutionListQuery;
  readonly keeps: (record: ExecutionRecord) => boolean;
} {
  if (query.state === 'expired') return { query: { ...query, state: 'paused' }, keeps: (r) => r.state === 'expired' };
  if (query.state === 'paused') return { query, keeps: (r) => r.state === 'paused' };
  return { query, keeps: () => true };
}
