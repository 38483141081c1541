/** One line per (principal, reason) per second at most. */
export const REFUSAL_WINDOW_MS = 1_000;
/** Windows kept at once: a client rotating identities cannot grow memory past this. */
export const MAX_REFUSAL_WINDOWS = 10_000;

export interface RefusalCoalescerOptions {
  /** @default REFUSAL_WINDOW_MS */
  windowMs?: number;
  /** @default MAX_REFUSAL_WINDOWS */
  maxWindows?: number;
  /** Epoch ms; a test's clock. */
  now?: () => number;
}

interface Window<E> {
  /** When its last line was written. */
  linedAt: number;
  /** Refusals since that line, and the latest of them. */
  pending: number;
  latest?: E;
}

/**
 * Turns a flood of refusals into at most one line per key (principal and reason) per window: the first refusal of a
 * quiet key is written at once (`count: 1`); the ones after it within the window are counted, and written as one
 * line (the latest refusal, `count` = how many it stands for) when the window ends. Every refusal is counted in
 * exactly one line. At most `maxWindows` keys are tracked; the oldest is written out and forgotten for a new one.
 */
export class RefusalCoalescer<E> {
  private readonly windows = new Map<string, Window<E>>();
  private readonly windowMs: number;
  private readonly maxWindows: number;
  private readonly now: () => number;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly emit: (event: E, count: number) => void,
    options: RefusalCoalescerOptions = {},
  ) {
    this.windowMs = options.windowMs ?? REFUSAL_WINDOW_MS;
    this.maxWindows = Math.max(1, options.maxWindows ?? MAX_REFUSAL_WINDOWS);
    this.now = options.now ?? Date.now;
  }

  /** Keys tracked now (bounded by `maxWindows`). */
  get size(): number {
    return this.windows.size;
  }

  /** One refusal of `key`: written now, or counted into the window's closing line. */
  add(key: string, event: E): void {
    const now = this.now();
    const window = this.windows.get(key);
    if (window && now - window.linedAt < this.windowMs) {
      window.pending++;
      window.latest = event;
      this.schedule();
      return;
    }
    // A new window: this refusal's line, counting those of the window before that no sweep has written yet.
    const count = (window?.pending ?? 0) + 1;
    if (window) this.windows.delete(key);
    else if (this.windows.size >= this.maxWindows) this.evictOldest();
    this.windows.set(key, { linedAt: now, pending: 0 });
    this.emit(event, count);
  }

  /**
   * Writes the lines of the windows that have ended, each opening the next window (so a flood still gets one line a
   * window), and forgets the quiet ones.
   */
  sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) {
      if (now - window.linedAt < this.windowMs) continue;
      if (window.pending === 0 || window.latest === undefined) {
        this.windows.delete(key);
        continue;
      }
      this.emit(window.latest, window.pending);
      window.linedAt = now;
      window.pending = 0;
      window.latest = undefined;
    }
  }

  /** Writes every counted refusal now (shutdown) and stops the timer. */
  flush(): void {
    for (const window of this.windows.values()) {
      if (window.pending > 0 && window.latest !== undefined) this.emit(window.latest, window.pending);
    }
    this.windows.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private evictOldest(): void {
    const oldest = this.windows.entries().next().value;
    if (!oldest) return;
    const [key, window] = oldest;
    this.windows.delete(key);
    if (window.pending > 0 && window.latest !== undefined) this.emit(window.latest, window.pending);
  }

  /** A sweep after the window, while refusals are counted and not yet written; never keeps the process alive. */
  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.sweep();
      if ([...this.windows.values()].some((window) => window.pending > 0)) this.schedule();
    }, this.windowMs);
    this.timer.unref();
  }
}
