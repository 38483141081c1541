import type { JsonRpcResponse } from '../interfaces/json-rpc.types';
import type {
  ObservedRequest,
  OperationCallOutcome,
  RequestObservation,
  RequestObserver,
} from './request-observer.interface';

type CallEnd = (outcome: OperationCallOutcome) => void;

/** The observations of one request by every registered observer, driven as one. */
export class RequestObservations {
  private constructor(private readonly observations: RequestObservation[]) {}

  static begin(observers: readonly RequestObserver[], request: ObservedRequest): RequestObservations | undefined {
    const observations = observers.flatMap((observer) => observer.begin(request) ?? []);
    return observations.length > 0 ? new RequestObservations(observations) : undefined;
  }

  /** Nests the handler in each observer's context, first observer outermost. */
  run<T>(handler: () => Promise<T>): Promise<T> {
    return this.observations.reduceRight<() => Promise<T>>(
      (next, observation) => (observation.run ? () => observation.run!(next) : next),
      handler,
    )();
  }

  /** The `operationCall` hook handed to the request context, or `undefined` when no observer wants calls. */
  get operationCall(): ((name: string) => CallEnd) | undefined {
    const watchers = this.observations.filter((o) => o.operationCall);
    if (watchers.length === 0) return undefined;
    return (name) => {
      const ends = watchers.map((o) => o.operationCall!(name));
      return (outcome) => {
        for (const end of ends) end(outcome);
      };
    };
  }

  end(response: JsonRpcResponse | undefined): void {
    for (const observation of this.observations) observation.end(response);
  }
}
