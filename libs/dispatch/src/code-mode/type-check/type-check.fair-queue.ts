/** Bounds of the checks waiting for a worker: in all, and per principal. */
export interface FairQueueLimits {
  readonly maxWaiting: number;
  readonly maxWaitingPerClient: number;
}

/**
 * How long a principal whose check ran out of time may hold only one worker at once, even alone: a type bomb
 * repeated at once would otherwise take every worker again before anyone else's check arrives.
 */
export const SUSPECT_MS = 60_000;

interface Principal<T> {
  /** Its checks waiting, by conversation; insertion order is the conversations' round-robin order. */
  readonly conversations: Map<string, T[]>;
  /** Checks waiting, all its conversations together. */
  waiting: number;
  inFlight: number;
  /** When it was last served (a counter): among equals, the one served longest ago goes first. */
  servedAt: number;
  suspectUntil: number;
}

/**
 * The checks waiting for a type-check worker, by principal and, inside it, by conversation. The next check is the
 * one of the principal with the fewest checks in flight, round robin among equals, so one principal's backlog
 * delays another's check by at most one check; inside the principal, its conversations take turns, so one
 * conversation's flood waits behind its own checks, not its siblings'. Work-conserving: alone, a principal may
 * use every worker (a suspect, one; suspicion stays the principal's, as a rotating bomber would escape it).
 */
export class FairCheckQueue<T> {
  private readonly principals = new Map<string, Principal<T>>();
  private size = 0;
  private turn = 0;

  constructor(
    private readonly limits: FairQueueLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Queues `item` for `client` (a principal), in its `conversation`; `false` when the queue, or the client's share
   * of it, is full.
   */
  push(client: string, item: T, conversation: string = client): boolean {
    const principal = this.principalOf(client);
    if (this.size >= this.limits.maxWaiting || principal.waiting >= this.limits.maxWaitingPerClient) {
      this.forgetIdle(client, principal);
      return false;
    }
    const queue = principal.conversations.get(conversation);
    if (queue) queue.push(item);
    else principal.conversations.set(conversation, [item]);
    principal.waiting++;
    this.size++;
    return true;
  }

  /** Takes `item` out (it gave up waiting); `false` when it was no longer waiting. */
  remove(client: string, item: T): boolean {
    const principal = this.principals.get(client);
    if (!principal) return false;
    for (const [conversation, queue] of principal.conversations) {
      const at = queue.indexOf(item);
      if (at < 0) continue;
      queue.splice(at, 1);
      if (queue.length === 0) principal.conversations.delete(conversation);
      principal.waiting--;
      this.size--;
      this.forgetIdle(client, principal);
      return true;
    }
    return false;
  }

  /**
   * The next check to start, counted in flight for its client until {@link done}; a suspect's only when
   * `suspects` (the caller has a worker to spare for it).
   */
  next(suspects = true): { readonly client: string; readonly item: T } | undefined {
    const now = this.now();
    let chosen: [string, Principal<T>] | undefined;
    for (const entry of this.principals) {
      const [client, principal] = entry;
      if (principal.waiting === 0) {
        this.forgetIdle(client, principal);
        continue;
      }
      const suspect = principal.suspectUntil > now;
      if (suspect && (!suspects || principal.inFlight > 0)) continue;
      if (!chosen || isBefore(principal, chosen[1])) chosen = entry;
    }
    if (!chosen) return undefined;
    const [client, principal] = chosen;
    principal.inFlight++;
    principal.servedAt = ++this.turn;
    this.size--;
    return { client, item: takeNext(principal) };
  }

  /** A check of `client` ended; `suspect`: it ran out of time or crashed its worker. */
  done(client: string, suspect = false): void {
    const principal = this.principals.get(client);
    if (!principal) return;
    principal.inFlight--;
    if (suspect) principal.suspectUntil = this.now() + SUSPECT_MS;
    this.forgetIdle(client, principal);
  }

  /** Takes every waiting check out (the pool closes), returning them. */
  clear(): T[] {
    const items = [...this.principals.values()].flatMap((principal) => [...principal.conversations.values()].flat());
    this.principals.clear();
    this.size = 0;
    return items;
  }

  /** Checks waiting, all principals together. */
  get waiting(): number {
    return this.size;
  }

  private principalOf(client: string): Principal<T> {
    let principal = this.principals.get(client);
    if (!principal) {
      principal = { conversations: new Map(), waiting: 0, inFlight: 0, servedAt: 0, suspectUntil: 0 };
      this.principals.set(client, principal);
    }
    return principal;
  }

  /** A principal with nothing waiting or in flight is dropped, unless it is still a suspect. */
  private forgetIdle(client: string, principal: Principal<T>): void {
    const idle = principal.waiting === 0 && principal.inFlight === 0;
    if (idle && principal.suspectUntil <= this.now()) this.principals.delete(client);
  }
}

/** The first conversation's next check; that conversation goes to the back of its principal's. */
function takeNext<T>(principal: Principal<T>): T {
  principal.waiting--;
  const [conversation, queue] = principal.conversations.entries().next().value as [string, T[]];
  const item = queue.shift() as T;
  principal.conversations.delete(conversation);
  if (queue.length > 0) principal.conversations.set(conversation, queue);
  return item;
}

/** Fewer in flight first, then the one served longest ago. */
function isBefore<T>(a: Principal<T>, b: Principal<T>): boolean {
  return a.inFlight !== b.inFlight ? a.inFlight < b.inFlight : a.servedAt < b.servedAt;
}
