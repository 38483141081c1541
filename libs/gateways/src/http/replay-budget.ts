/** One stored event as the budget sees it (never its data): its size, when it was stored, and how to drop it. */
export interface BudgetedEvent {
  readonly bytes: number;
  readonly storedAt: number;
  /** Set by the owning store once the event is gone (evicted by its own bounds, forgotten, cleared). */
  gone: boolean;
  /** Drops the event from its store (which then marks it gone and calls `release`). */
  readonly evict: () => void;
}

/**
 * The replay budget shared by every HTTP session's event store: the bytes of all stored SSE events
 * together, and how long any of them is kept. Over the budget the oldest events of the whole server
 * go first, whichever session holds them; an event older than `ttlMs` is dropped by `expire`. One
 * idle session can hold at most its own bound (`eventStoreMaxBytes`), all of them at most `maxBytes`.
 */
export class ReplayBudget {
  private readonly queue: BudgetedEvent[] = [];
  private head = 0;
  private used = 0;
  /** Tickets in the queue whose event is already gone (dropped by its own store). */
  private goneQueued = 0;

  /** @param maxBytes 0: no global bound; @param ttlMs 0: events never expire */
  constructor(
    readonly maxBytes: number,
    readonly ttlMs: number,
  ) {}

  get bytes(): number {
    return this.used;
  }

  /** Counts a newly stored event, then evicts the oldest events while over the budget. */
  charge(event: BudgetedEvent): void {
    this.queue.push(event);
    this.used += event.bytes;
    while (this.maxBytes > 0 && this.used > this.maxBytes && this.evictOldest()) {}
  }

  /** The owning store dropped the event. */
  release(event: BudgetedEvent): void {
    this.used -= event.bytes;
    this.goneQueued++;
    this.compact();
  }

  /** Drops every event stored more than `ttlMs` ago. */
  expire(now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    while (this.head < this.queue.length) {
      const event = this.queue[this.head];
      if (!event.gone && now - event.storedAt <= this.ttlMs) break;
      this.head++;
      if (event.gone) this.goneQueued--;
      else {
        event.evict();
        this.goneQueued--;
      }
    }
    this.compact();
  }

  private evictOldest(): boolean {
    while (this.head < this.queue.length) {
      const event = this.queue[this.head++];
      if (event.gone) {
        this.goneQueued--;
        continue;
      }
      event.evict();
      this.goneQueued--;
      this.compact();
      return true;
    }
    return false;
  }

  /** Drops consumed tickets, and gone ones once they are most of the queue (sessions that ended). */
  private compact(): void {
    if (this.goneQueued > 1024 && this.goneQueued * 2 > this.queue.length - this.head) {
      const live = this.queue.slice(this.head).filter((event) => !event.gone);
      this.queue.length = 0;
      this.queue.push(...live);
      this.head = 0;
      this.goneQueued = 0;
    } else if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
  }
}
