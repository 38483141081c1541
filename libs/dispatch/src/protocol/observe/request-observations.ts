import type { JsonRpcResponse } from '../../interfaces/json-rpc.types';
import type { OperationCallOutcome } from '../../interfaces/request-context.interface';
import type { ObservedRequest, RequestObservation, RequestObserver } from './request-observer.interface';

type CallEnd = (outcome: OperationCallOutcome) => void;

/** The observations of one request by every registered observer, driven as one. */
export class RequestObservations {
  private constructor(private readonly observations: RequestObservation[]) {}

  // Plain loops and one-observer shortcuts: this runs on every request while observers are on.
  static begin(observers: readonly RequestObserver[], request: ObservedRequest): RequestObservations | undefined {
    const observations: RequestObservation[] = [];
    for (const observer of observers) {
      const observation = observer.begin(request);
      if (observation) observations.push(observation);
    }
    return observations.length > 0 ? new RequestObservations(observations) : undefined;
  }

  /** Nests the handler in each observer's context, first observer outermost. */
  run<T>(handler: () => Promise<T>): Promise<T> {
    let next = handler;
    for (let i = this.observations.length - 1; i >= 0; i--) {
      const { run } = this.observations[i];
      if (!run) continue;
      const inner = next;
      next = () => run(inner);
    }
    return next();
  }

  /** The `operationCall` hook handed to the request context, or `undefined` when no observer wants calls. */
  get operationCall(): ((name: string) => CallEnd) | undefined {
    const watchers = this.observations.filter((o) => o.operationCall);
    if (watchers.length === 0) return undefined;
    if (watchers.length === 1) return watchers[0].operationCall;
    const all = watchers;
    return (name) => {
      const ends = all.map((o) => o.operationCall!(name));
      return (outcome) => {
        for (const end of ends) end(outcome);
      };
    };
  }

  /** The trace id of the first observer that records one. */
  get traceId(): string | undefined {
    for (const observation of this.observations) if (observation.traceId) return observation.traceId;
    return undefined;
  }

  end(response: JsonRpcResponse | undefined): void {
    for (const observation of this.observations) observation.end(response);
  }
}
