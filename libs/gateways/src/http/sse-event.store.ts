import type { BudgetedEvent, ReplayBudget } from './replay-budget';

/** One event kept for replay. */
export interface StoredSseEvent {
  readonly streamId: string;
  readonly seq: number;
  /** The serialized JSON-RPC message. */
  readonly data: string;
}

/** A stored event and its ticket with the budget (which holds no data, so the budget never keeps a message alive). */
type KeptEvent = StoredSseEvent & { readonly bytes: number; readonly ticket: BudgetedEvent };

/** Bounds of one session's event store. */
export interface SseEventStoreLimits {
  maxEvents: number;
  maxBytes: number;
}

/** What a resume finds after a given event. */
export interface SseReplay {
  events: StoredSseEvent[];
  /** Some events after the given one were evicted: the replay has a hole. */
  gap: boolean;
}

/**
 * The replay buffer of one HTTP session: the events of all its SSE streams, oldest first, bounded
 * by count and by bytes, and charged to the server's shared {@link ReplayBudget} (which may evict the
 * oldest events, or expire old ones, on its own). The oldest event goes first when a bound is passed,
 * whatever its stream; an event larger than `maxBytes` on its own is sent but never kept.
 */
export class SseEventStore {
  private events: KeptEvent[] = [];
  private head = 0;
  private bytes = 0;
  private readonly perStream = new Map<string, { stored: number; evictedThrough: number }>();

  /** @param onEmptied told when the last stored event of a stream is evicted */
  constructor(
    private readonly limits: SseEventStoreLimits,
    private readonly onEmptied: (streamId: string) => void = () => undefined,
    private readonly budget?: ReplayBudget,
  ) {}

  append(streamId: string, seq: number, data: string): void {
    const bytes = Buffer.byteLength(data);
    // Too large to keep on its own: storing it would only evict everything else first.
    if (bytes > this.limits.maxBytes || (this.budget && this.budget.maxBytes > 0 && bytes > this.budget.maxBytes)) {
      const stats = this.statsOf(streamId);
      stats.evictedThrough = Math.max(stats.evictedThrough, seq);
      return;
    }
    const stats = this.statsOf(streamId);
    const ticket: BudgetedEvent = { bytes, storedAt: Date.now(), gone: false, evict: () => this.evictHead() };
    this.events.push({ streamId, seq, data, bytes, ticket });
    this.bytes += bytes;
    stats.stored++;
    while (this.size > 0 && (this.size > this.limits.maxEvents || this.bytes > this.limits.maxBytes)) this.evictHead();
    if (!ticket.gone) this.budget?.charge(ticket);
  }

  /** The stored events of `streamId` after `seq`, oldest first. */
  after(streamId: string, seq: number): SseReplay {
    const events: StoredSseEvent[] = [];
    for (let i = this.head; i < this.events.length; i++) {
      const event = this.events[i];
      if (event.streamId === streamId && event.seq > seq) events.push({ streamId, seq: event.seq, data: event.data });
    }
    return { events, gap: (this.perStream.get(streamId)?.evictedThrough ?? 0) > seq };
  }

  /** Whether any event of the stream is still stored. */
  holds(streamId: string): boolean {
    return (this.perStream.get(streamId)?.stored ?? 0) > 0;
  }

  /** Forgets a stream's bookkeeping (its events, if any, are dropped too). */
  forget(streamId: string): void {
    const stats = this.perStream.get(streamId);
    if (!stats) return;
    this.perStream.delete(streamId);
    if (stats.stored === 0) return;
    const kept: KeptEvent[] = [];
    for (const event of this.live()) {
      if (event.streamId === streamId) this.drop(event);
      else kept.push(event);
    }
    this.events = kept;
    this.head = 0;
    this.bytes = kept.reduce((sum, event) => sum + event.bytes, 0);
  }

  clear(): void {
    for (const event of this.live()) this.drop(event);
    this.events = [];
    this.head = 0;
    this.bytes = 0;
    this.perStream.clear();
  }

  get size(): number {
    return this.events.length - this.head;
  }

  get byteSize(): number {
    return this.bytes;
  }

  /** Evicts the oldest stored event (its own bounds, or the shared budget's). */
  private evictHead(): void {
    if (this.size === 0) return;
    const event = this.events[this.head];
    // The slot is cleared at once: an evicted message must not stay reachable until the next compaction.
    (this.events as (KeptEvent | undefined)[])[this.head++] = undefined;
    this.bytes -= event.bytes;
    this.drop(event);
    // Compact now and then instead of shifting on every eviction.
    if (this.head > 1024 && this.head * 2 > this.events.length) {
      this.events = this.live();
      this.head = 0;
    }
    const stats = this.statsOf(event.streamId);
    stats.stored--;
    stats.evictedThrough = Math.max(stats.evictedThrough, event.seq);
    if (stats.stored === 0) this.onEmptied(event.streamId);
  }

  private drop(event: KeptEvent): void {
    if (event.ticket.gone) return;
    event.ticket.gone = true;
    this.budget?.release(event.ticket);
  }

  private live(): KeptEvent[] {
    return this.events.slice(this.head);
  }

  private statsOf(streamId: string): { stored: number; evictedThrough: number } {
    let stats = this.perStream.get(streamId);
    if (!stats) {
      stats = { stored: 0, evictedThrough: 0 };
      this.perStream.set(streamId, stats);
    }
    return stats;
  }
}
