import type { ClientContext } from '../../interfaces/client-context.interface';
import type { JsonRpcResponse } from '../../interfaces/json-rpc.types';
import type { OperationCallOutcome } from '../../interfaces/request-context.interface';

/** What an observer learns of a request when it starts: never argument values beyond `_meta`. */
export interface ObservedRequest {
  readonly method: string;
  /** The tool of a `tools/call`, the prompt of a `prompts/get` (as sent, at most 64 characters). */
  readonly target?: string;
  readonly client: ClientContext;
  /** The session's negotiated protocol version (its era), once `initialize` ran. */
  readonly protocolVersion?: string;
  /** `params._meta` as sent (trace context travels there: `traceparent`, `tracestate`). */
  readonly meta?: Readonly<Record<string, unknown>>;
}

/** One request as an observer follows it (a metrics timer, a trace span). */
export interface RequestObservation {
  /** Runs the handler inside the observer's context (e.g. the span's), so nested work can attach to it. */
  run?<T>(handler: () => Promise<T>): Promise<T>;
  /** A `myko.*` call started inside this request; the returned function is called when it ends. */
  operationCall?(name: string): (outcome: OperationCallOutcome) => void;
  /** The W3C trace id this request is recorded under (tracing, when sampled): log lines carry it. */
  readonly traceId?: string;
  /** The request ended: its response, or `undefined` when it was cancelled. */
  end(response: JsonRpcResponse | undefined): void;
}

/**
 * Observes every request dispatch handles (metrics, tracing): registered with
 * `DispatchService.observe()`. `begin` must be cheap and must not throw; `undefined` skips the request.
 * @publicApi
 */
export interface RequestObserver {
  begin(request: ObservedRequest): RequestObservation | undefined;
}
