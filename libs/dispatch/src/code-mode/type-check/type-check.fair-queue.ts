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
  readonly waiting: T[];
  inFlight: number;
  /** When it was last served (a counter): among equals, the one served longest ago goes first. */
  servedAt: number;
  suspectUntil: number;
}

/**
 * The checks waiting for a type-check worker, by principal. The next check is the one of the principal with the
 * fewest checks in flight, round robin among equals, so one principal's backlog delays another's check by at
 * most one check; and it is work-conserving: alone, a principal may use every worker (a suspect, one).
 */
export class FairCheckQueue<T> {
  private readonly principals = new Map<string, Principal<T>>();
  private size = 0;
  private turn = 0;

  constructor(
    private readonly limits: FairQueueLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Queues `item` for `client`; `false` when the queue, or the client's share of it, is full. */
  push(client: string, item: T): boolean {
    const principal = this.principalOf(client);
    if (this.size >= this.limits.maxWaiting || principal.waiting.length >= this.limits.maxWaitingPerClient) {
      this.forgetIdle(client, principal);
      return false;
    }
    principal.waiting.push(item);
    this.size++;
    return true;
  }

  /** Takes `item` out (it gave up waiting); `false` when it was no longer waiting. */
  remove(client: string, item: T): boolean {
    const principal = this.principals.get(client);
    const at = principal?.waiting.indexOf(item) ?? -1;
    if (!principal || at < 0) return false;
    principal.waiting.splice(at, 1);
    this.size--;
    this.forgetIdle(client, principal);
    return true;
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
      if (principal.waiting.length === 0) {
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
    return { client, item: principal.waiting.shift() as T };
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
    const items = [...this.principals.values()].flatMap((principal) => principal.waiting);
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
      principal = { waiting: [], inFlight: 0, servedAt: 0, suspectUntil: 0 };
      this.principals.set(client, principal);
    }
    return principal;
  }

  /** A principal with nothing waiting or in flight is dropped, unless it is still a suspect. */
  private forgetIdle(client: string, principal: Principal<T>): void {
    const idle = principal.waiting.length === 0 && principal.inFlight === 0;
    if (idle && principal.suspectUntil <= this.now()) this.principals.delete(client);
  }
}

/** Fewer in flight first, then the one served longest ago. */
function isBefore<T>(a: Principal<T>, b: Principal<T>): boolean {
  return a.inFlight !== b.inFlight ? a.inFlight < b.inFlight : a.servedAt < b.servedAt;
}
