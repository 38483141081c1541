import { decodeExecutionCursor, encodeExecutionCursor, isAfter, newestFirst } from './execution-list.cursor';
import type {
  ExecutionIndexEntry,
  ExecutionListQuery,
  ExecutionPage,
  ExecutionStore,
} from './execution-store.interface';

interface Kept {
  readonly id: string;
  readonly value: string;
  readonly until: number;
  /** Absent for a record kept but never listed. */
  readonly index?: ExecutionIndexEntry;
}

/** Execution records in this process, each until its retention ends (expired ones are swept as others are written). */
export class MemoryExecutionStore implements ExecutionStore {
  readonly shared = false;
  private readonly records = new Map<string, Kept>();
  private readonly claims = new Map<string, number>();
  private readonly sets = new Map<string, Map<string, number>>();

  constructor(private readonly now: () => number = Date.now) {}

  async save(id: string, record: string, ttlMs: number, index?: ExecutionIndexEntry): Promise<void> {
    const now = this.now();
    this.sweep(now);
    this.records.delete(id);
    this.records.set(id, { id, value: record, until: now + ttlMs, index });
  }

  async load(id: string): Promise<string | undefined> {
    const kept = this.records.get(id);
    return kept && kept.until > this.now() ? kept.value : undefined;
  }

  async list({ principal, state, limit, cursor }: ExecutionListQuery): Promise<ExecutionPage> {
    const after = cursor === undefined ? undefined : decodeExecutionCursor(cursor);
    const now = this.now();
    const matching = [...this.records.values()]
      .filter((kept): kept is Kept & { index: ExecutionIndexEntry } => kept.until > now && kept.index !== undefined)
      .filter((kept) => principal === undefined || kept.index.principal === principal)
      .filter((kept) => state === undefined || kept.index.state === state)
      .map((kept) => ({ id: kept.id, updatedAt: kept.index.updatedAt, value: kept.value }))
      .filter((entry) => isAfter(entry, after))
      .sort(newestFirst);
    const page = matching.slice(0, limit);
    const last = page.at(-1);
    return {
      records: page.map((entry) => entry.value),
      ...(matching.length > limit && last ? { next: encodeExecutionCursor(last) } : {}),
    };
  }

  async claim(id: string, step: string, ttlMs: number): Promise<boolean> {
    const key = `${id}:${step}`;
    const now = this.now();
    const until = this.claims.get(key);
    if (until !== undefined && until > now) return false;
    this.claims.set(key, now + ttlMs);
    return true;
  }

  async track(set: string, id: string, ttlMs: number): Promise<void> {
    const members = this.sets.get(set) ?? new Map<string, number>();
    members.delete(id);
    members.set(id, this.now() + ttlMs);
    this.sets.set(set, members);
  }

  async tracked(set: string): Promise<string[]> {
    const now = this.now();
    const members = this.sets.get(set);
    if (!members) return [];
    for (const [id, until] of members) if (until <= now) members.delete(id);
    if (members.size === 0) this.sets.delete(set);
    return [...members.keys()];
  }

  /** How many records are kept now. */
  get size(): number {
    return this.records.size;
  }

  private sweep(now: number): void {
    for (const [id, kept] of this.records) if (kept.until <= now) this.records.delete(id);
    for (const [key, until] of this.claims) if (until <= now) this.claims.delete(key);
  }
}
