import type { ClientContext } from '@myko/dispatch';

/**
 * The `ClientContext` of a POSTed request. `closeStream` ends the request's SSE response after its
 * priming event while the request runs on (SEP-1699 polling); the client resumes with GET +
 * `Last-Event-ID`. Absent when the client cannot resume (it does not accept SSE, or speaks a
 * protocol older than 2025-11-25). Dispatch may hand it to tools that want to poll.
 */
export interface HttpClientContext extends ClientContext {
  readonly closeStream?: () => void;
}
