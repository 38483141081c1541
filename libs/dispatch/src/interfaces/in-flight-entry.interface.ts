import type { JsonRpcId } from './json-rpc.types';

/** A request being handled, as a session holds it (`InFlightRequest` is the implementation). */
export interface InFlightEntry {
  readonly id: JsonRpcId;
  readonly method: string;
  /** Set when the client cancelled it (or its session ended): its response is then never sent. */
  readonly cancelled: boolean;
  /** Set when it was stopped, cancelled or not. */
  readonly aborted: boolean;
  /** Why it was stopped. */
  readonly reason?: Error;
  /** Aborted when the request is stopped. */
  readonly signal: AbortSignal;
  /** The client no longer wants it: stopped, and never answered. */
  cancel(reason: Error): void;
  /** Stops it; unless it was cancelled, it is still answered, with `reason` as its error. False if already stopped. */
  abort(reason: Error): boolean;
  /** Settles with the work's outcome, or with `stopped` as soon as the request is stopped. */
  race<T, S>(work: Promise<T>, stopped: S): Promise<T | S>;
}
