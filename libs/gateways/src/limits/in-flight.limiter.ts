/**
 * Counts the running requests of each session (HTTP session or WebSocket connection) and admits
 * at most `max` at once. A key is forgotten when its count returns to 0, so memory follows the
 * sessions that have work running.
 */
export class InFlightLimiter {
  private readonly counts = new Map<string, number>();

  /** @param max requests at once per key; 0: unlimited */
  constructor(private readonly max: number) {}

  /** Admits one more request of `key`: the function that ends it (call it once), or undefined when full. */
  tryAcquire(key: string): (() => void) | undefined {
    const count = this.counts.get(key) ?? 0;
    if (this.max > 0 && count >= this.max) return undefined;
    this.counts.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.release(key);
    };
  }

  inFlight(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  /** Keys with requests running. */
  get size(): number {
    return this.counts.size;
  }

  private release(key: string): void {
    const count = (this.counts.get(key) ?? 1) - 1;
    if (count <= 0) this.counts.delete(key);
    else this.counts.set(key, count);
  }
}
