import type { InFlightEntry } from '../../interfaces/in-flight-entry.interface';
import type { JsonRpcId } from '../../interfaces/json-rpc.types';

/**
 * A request being handled, stoppable by `notifications/cancelled`, by the end of its session, or by a
 * shutdown. Its `AbortSignal` is made on first use: most requests (a query, `search`, `ping`) finish
 * without anyone listening, and an AbortController with its listener bookkeeping is a large share
 * of a cheap request's cost.
 */
export class InFlightRequest implements InFlightEntry {
  /** Set when the client cancelled it (or its session ended): its response is then never sent. */
  cancelled = false;
  /** Set when it was stopped, cancelled or not. */
  aborted = false;
  /** Why it was stopped. */
  reason?: Error;
  private controller?: AbortController;
  private onAbort?: () => void;

  constructor(
    readonly id: JsonRpcId,
    readonly method: string,
  ) {}

  /** Aborted when the request is stopped; created on first read. */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  /** The client no longer wants it: stopped, and never answered. */
  cancel(reason: Error): void {
    this.cancelled = true;
    this.abort(reason);
  }

  /** Stops it; unless it was cancelled, it is still answered, with `reason` as its error. False if already stopped. */
  abort(reason: Error): boolean {
    if (this.aborted) return false;
    this.aborted = true;
    this.reason = reason;
    this.controller?.abort(reason);
    this.onAbort?.();
    return true;
  }

  /** Settles with the work's outcome, or with `stopped` as soon as the request is stopped. */
  race<T, S>(work: Promise<T>, stopped: S): Promise<T | S> {
    if (this.aborted) return Promise.resolve(stopped);
    return new Promise((resolve, reject) => {
      this.onAbort = () => resolve(stopped);
      work.then(resolve, reject);
    });
  }
}
