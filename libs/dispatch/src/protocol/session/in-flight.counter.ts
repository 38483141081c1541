/**
 * Counts the requests being handled, across every session and transport, and tells when none is
 * left: a shutdown drains by waiting for it.
 */
export class InFlightCounter {
  private count = 0;
  private readonly idleWaiters: Array<() => void> = [];

  get size(): number {
    return this.count;
  }

  enter(): void {
    this.count++;
  }

  leave(): void {
    this.count = Math.max(0, this.count - 1);
    if (this.count === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Resolves once no request is in flight (at once when none is). */
  whenIdle(): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}
