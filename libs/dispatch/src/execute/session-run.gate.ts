/** Frees the session's turn; calling it more than once is harmless. */
export type ReleaseTurn = () => void;

interface SessionTurns {
  held: number;
  waiting: Array<() => void>;
}

/**
 * Lets each session hold at most `maxPerSession` sandbox runs (running or queued) at once; its further
 * runs wait here, in order, outside the sandbox queue. One client sending many scripts at once (or a
 * hostile one) thus cannot take every slot or fill the queue ahead of the others.
 */
export class SessionRunGate {
  private readonly sessions = new Map<string, SessionTurns>();

  /** @param maxPerSession 0: no limit */
  constructor(private readonly maxPerSession: number) {}

  /** Resolves when the session may run; resolves `undefined` if `signal` aborts first (nothing is held). */
  async acquire(session: string, signal?: AbortSignal): Promise<ReleaseTurn | undefined> {
    if (this.maxPerSession === 0) return () => {};
    if (signal?.aborted) return undefined;
    const turns = this.sessions.get(session) ?? { held: 0, waiting: [] };
    this.sessions.set(session, turns);
    if (turns.held < this.maxPerSession) {
      turns.held++;
      return this.releaser(session, turns);
    }
    const granted = await this.wait(turns, signal);
    return granted ? this.releaser(session, turns) : undefined;
  }

  /** Sessions holding or awaiting a turn (tests). */
  get size(): number {
    return this.sessions.size;
  }

  private wait(turns: SessionTurns, signal?: AbortSignal): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const onAbort = () => {
        turns.waiting.splice(turns.waiting.indexOf(grant), 1);
        resolve(false);
      };
      // The turn passes straight from the releaser to this waiter, so `held` stays the same.
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve(true);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      turns.waiting.push(grant);
    });
  }

  private releaser(session: string, turns: SessionTurns): ReleaseTurn {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = turns.waiting.shift();
      if (next) return next();
      turns.held--;
      if (turns.held === 0 && turns.waiting.length === 0) this.sessions.delete(session);
    };
  }
}
