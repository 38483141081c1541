import { type KeyRate, KeyRateBuckets } from './key-rate.buckets';

/** How much work a `FairWorkScheduler` starts per turn of the event loop, per key at once, and per key per second. */
export interface FairWorkBudget {
  /** Tasks started per turn of the event loop, over all keys; the rest wait for the next turn. */
  readonly tasksPerTurn: number;
  /** Synchronous time, in ms, tasks may take in one turn before the rest wait (0: count only). */
  readonly turnMs?: number;
  /** Tasks of one key started and not yet settled at once (0: no cap). */
  readonly maxRunningPerKey?: number;
  /** Tasks one key may start per second, with a burst (absent: no rate). */
  readonly ratePerKey?: KeyRate;
}

interface Pending {
  readonly task: () => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (reason: unknown) => void;
}

/** A principal's queues, one per conversation; insertion order is the conversations' round-robin order. */
type Conversations = Map<string, Pending[]>;

/** Emptied conversation maps kept for reuse, so a principal that comes and goes allocates none. */
const SPARE_MAPS = 64;

/**
 * Runs main-thread work of many clients fairly, on two levels: one FIFO queue per conversation inside one group
 * per key (a principal), taken round-robin by key and, inside a key, by conversation; at most `tasksPerTurn`
 * tasks (and `turnMs` of synchronous time) per turn of the event loop, then a yield (`setImmediate`) so
 * sockets are read before the next turn. Caps and rates are the key's. Why: work one client causes in bulk
 * (a flood of calls, thousands of watches to recompute) must queue behind that client's own work, not in
 * front of everyone else's, and one conversation's flood behind its own work, not its siblings'; with nothing
 * queued a task starts at once, without queueing at all.
 * @publicApi
 */
export class FairWorkScheduler {
  /** Insertion order is the round-robin order: a key that had its turn goes to the back. */
  private readonly queues = new Map<string, Conversations>();
  private readonly running = new Map<string, number>();
  private readonly spare: Conversations[] = [];
  private startedThisTurn = 0;
  private turnStartedAt = 0;
  private turnEnd?: NodeJS.Immediate;
  private readonly rates?: KeyRateBuckets;
  private refill?: NodeJS.Timeout;

  constructor(private readonly budget: FairWorkBudget) {
    if (budget.ratePerKey && budget.ratePerKey.perSecond > 0) this.rates = new KeyRateBuckets(budget.ratePerKey);
  }

  /**
   * Runs `task` as `key`'s work (of its `conversation`, default the key itself) when its turn comes; settles as
   * the task does.
   */
  run<T>(key: string, task: () => T | Promise<T>, conversation: string = key): Promise<T> {
    // Nothing queued and room now: start at once (the common case, and the hot path of every myko.* call).
    if (this.queues.size === 0 && this.hasBudget() && this.hasRoom(key)) {
      return new Promise<T>((resolve, reject) => {
        this.start(key, { task, resolve: resolve as (value: unknown) => void, reject });
      });
    }
    const done = this.enqueue(key, conversation, task);
    this.pump();
    return done;
  }

  /**
   * Queues every task before any starts, so the first turn is shared round-robin between their keys too
   * (with `run` one by one, the first keys would take the turn before the later ones are queued).
   */
  runAll<T>(
    tasks: ReadonlyArray<{ readonly key: string; readonly conversation?: string; readonly task: () => T | Promise<T> }>,
  ): Promise<T[]> {
    const done = tasks.map(({ key, conversation = key, task }) => this.enqueue(key, conversation, task));
    this.pump();
    return Promise.all(done);
  }

  /** Tasks waiting for their turn (all keys, or one). */
  waiting(key?: string): number {
    if (key !== undefined) return countOf(this.queues.get(key));
    let total = 0;
    for (const conversations of this.queues.values()) total += countOf(conversations);
    return total;
  }

  private enqueue<T>(key: string, conversation: string, task: () => T | Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const pending: Pending = { task, resolve: resolve as (value: unknown) => void, reject };
      let conversations = this.queues.get(key);
      if (!conversations) {
        conversations = this.spare.pop() ?? new Map();
        this.queues.set(key, conversations);
      }
      const queue = conversations.get(conversation);
      if (queue) queue.push(pending);
      else conversations.set(conversation, [pending]);
    });
  }

  private pump(): void {
    while (this.hasBudget()) {
      const key = this.nextKey();
      if (key === undefined) return;
      this.start(key, this.takeNext(key));
    }
  }

  private hasBudget(): boolean {
    if (this.startedThisTurn === 0) return true;
    if (this.startedThisTurn >= this.budget.tasksPerTurn) return false;
    const { turnMs = 0 } = this.budget;
    return turnMs <= 0 || performance.now() - this.turnStartedAt < turnMs;
  }

  /** Whether `key` may start a task now: under its cap, with a token of its rate. */
  private hasRoom(key: string): boolean {
    const cap = this.budget.maxRunningPerKey ?? 0;
    if (cap > 0 && (this.running.get(key) ?? 0) >= cap) return false;
    return !this.rates || this.rates.allows(key);
  }

  /** The first key in round-robin order with work waiting, room under its cap and a token of its rate. */
  private nextKey(): string | undefined {
    const cap = this.budget.maxRunningPerKey ?? 0;
    let soonestMs = Number.POSITIVE_INFINITY;
    for (const key of this.queues.keys()) {
      if (cap > 0 && (this.running.get(key) ?? 0) >= cap) continue;
      if (!this.rates || this.rates.allows(key)) return key;
      soonestMs = Math.min(soonestMs, this.rates.waitMs(key));
    }
    if (soonestMs < Number.POSITIVE_INFINITY) this.pumpAfter(soonestMs);
    return undefined;
  }

  /** Keys held only by their rate: look again once the first of them has a token. */
  private pumpAfter(ms: number): void {
    if (this.refill) return;
    this.refill = setTimeout(() => {
      this.refill = undefined;
      this.pump();
    }, ms);
  }

  /**
   * Takes the next task of `key`: its first conversation's, which then goes to the back of the key's
   * conversations, as the key goes to the back of the keys (nothing moves when it is alone).
   */
  private takeNext(key: string): Pending {
    const conversations = this.queues.get(key) as Conversations;
    const conversation = conversations.keys().next().value as string;
    const queue = conversations.get(conversation) as Pending[];
    const pending = queue.shift() as Pending;
    if (queue.length === 0) conversations.delete(conversation);
    else if (conversations.size > 1) {
      conversations.delete(conversation);
      conversations.set(conversation, queue);
    }
    if (conversations.size === 0) {
      this.queues.delete(key);
      if (this.spare.length < SPARE_MAPS) this.spare.push(conversations);
    } else if (this.queues.size > 1) {
      this.queues.delete(key);
      this.queues.set(key, conversations);
    }
    return pending;
  }

  private start(key: string, pending: Pending): void {
    if (this.startedThisTurn++ === 0) this.beginTurn();
    this.rates?.take(key);
    this.running.set(key, (this.running.get(key) ?? 0) + 1);
    let result: unknown;
    try {
      result = pending.task();
    } catch (error) {
      result = Promise.reject(error);
    }
    Promise.resolve(result).then(
      (value) => this.settle(key, () => pending.resolve(value)),
      (error: unknown) => this.settle(key, () => pending.reject(error)),
    );
  }

  /** The turn ends at the next check phase: after it, sockets have been polled and a new budget starts. */
  private beginTurn(): void {
    this.turnStartedAt = performance.now();
    this.turnEnd ??= setImmediate(() => {
      this.turnEnd = undefined;
      this.startedThisTurn = 0;
      this.pump();
    });
  }

  private settle(key: string, report: () => void): void {
    const left = (this.running.get(key) ?? 1) - 1;
    if (left === 0) this.running.delete(key);
    else this.running.set(key, left);
    report();
    this.pump();
  }
}

/** Tasks waiting in a key's conversations. */
function countOf(conversations: Conversations | undefined): number {
  let total = 0;
  if (conversations) for (const queue of conversations.values()) total += queue.length;
  return total;
}
