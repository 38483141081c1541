import type { JsonRpcId } from '../interfaces/json-rpc.types';

/**
 * A request being handled, cancellable by `notifications/cancelled` or by ending the session.
 * Its `AbortSignal` is made on first use: most requests (a query, `search`, `ping`) finish without
 * anyone listening, and an AbortController with its listener bookkeeping is a large share of a
 * cheap request's cost.
 */
export class InFlightRequest {
  /** Set when the client cancelled it (or its session ended): its response is then never sent. */
  cancelled = false;
  private controller?: AbortController;
  private reason?: Error;
  private onCancel?: () => void;

  constructor(
    readonly id: JsonRpcId,
    readonly method: string,
  ) {}

  /** Aborted by `cancel()`; created on first read. */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.cancelled) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  cancel(reason: Error): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.reason = reason;
    this.controller?.abort(reason);
    this.onCancel?.();
  }

  /** Settles with the work's outcome, or with `cancelled` as soon as the request is cancelled. */
  race<T, C>(work: Promise<T>, cancelled: C): Promise<T | C> {
    if (this.cancelled) return Promise.resolve(cancelled);
    return new Promise((resolve, reject) => {
      this.onCancel = () => resolve(cancelled);
      work.then(resolve, reject);
    });
  }
}
