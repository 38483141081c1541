import { takeToken } from '../counters/token-bucket';
import type {
  SessionCounts,
  SessionRecord,
  SessionRecordOwner,
  SessionRecordStore,
  SessionTouch,
  TouchOptions,
} from './session-record.interface';
import { sameScope } from './session-scope';

/**
 * Sessions in this process: what one instance alone needs (the gateways' registry keeps its own
 * live sessions and consults a store only when it is `shared`). Same contract as the Redis store.
 */
export class MemorySessionRecordStore implements SessionRecordStore {
  readonly shared = false;
  private readonly records = new Map<string, SessionRecord & { readonly expiresAt: number }>();
  private readonly buckets = new Map<string, { tokens: number; updatedAt: number }>();

  async create(record: Omit<SessionRecord, 'version'>, ttlMs: number): Promise<void> {
    this.records.set(record.id, { ...record, version: 1, expiresAt: expiry(Date.now(), ttlMs) });
  }

  async touch(id: string, options: TouchOptions): Promise<SessionTouch> {
    const rateWaitMs = options.rate ? this.take(options.rate, options.now) : 0;
    const record = this.live(id, options.now);
    if (!record) return { found: false, rateWaitMs, version: 0 };
    const counted = options.countRequest && rateWaitMs === 0 ? 1 : 0;
    const expiresAt = expiry(options.now, options.ttlMs);
    const touched = { ...record, lastSeenAt: options.now, requests: record.requests + counted, expiresAt };
    this.records.set(id, touched);
    const { expiresAt: _, ...copy } = touched;
    const stale = options.knownVersion !== touched.version;
    return { found: true, rateWaitMs, version: touched.version, ...(stale ? { record: copy } : {}) };
  }

  async saveState(id: string, state: Readonly<Record<string, unknown>>): Promise<number | undefined> {
    const record = this.live(id, Date.now());
    if (!record) return undefined;
    const saved = { ...record, state, version: record.version + 1 };
    this.records.set(id, saved);
    return saved.version;
  }

  /** One process watches every subscription it took, and dies with them: there is nothing to record or claim. */
  async watch(): Promise<[]> {
    return [];
  }

  async delete(id: string): Promise<void> {
    this.records.delete(id);
  }

  async count(owner: SessionRecordOwner, now = Date.now()): Promise<SessionCounts> {
    let total = 0;
    let own = 0;
    for (const id of [...this.records.keys()]) {
      const record = this.live(id, now);
      if (!record) continue;
      total++;
      if (sameScope(record.owner, owner)) own++;
    }
    return { total, own };
  }

  private live(id: string, now: number) {
    const record = this.records.get(id);
    if (record && now > record.expiresAt) {
      this.records.delete(id);
      return undefined;
    }
    return record;
  }

  private take(rate: { key: string; ratePerSecond: number; burst: number }, now: number): number {
    const bucket = this.buckets.get(rate.key) ?? { tokens: rate.burst, updatedAt: now };
    const { bucket: next, waitMs } = takeToken(bucket, rate, now);
    this.buckets.set(rate.key, next);
    return waitMs;
  }
}

function expiry(now: number, ttlMs: number): number {
  return ttlMs > 0 ? now + ttlMs : Number.POSITIVE_INFINITY;
}
