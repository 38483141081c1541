/** Restarts within a rolling window: how many happened lately, and how long until another is allowed. */
export class RestartBudget {
  private readonly times: number[] = [];

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Restarts within the window. */
  recent(): number {
    const since = Date.now() - this.windowMs;
    while (this.times.length > 0 && this.times[0] <= since) this.times.shift();
    return this.times.length;
  }

  exhausted(): boolean {
    return this.recent() >= this.limit;
  }

  /** Milliseconds until another restart is allowed (0: now). */
  waitMs(): number {
    return this.exhausted() ? Math.max(this.times[0] + this.windowMs - Date.now(), 1) : 0;
  }

  record(): void {
    this.times.push(Date.now());
  }
}
