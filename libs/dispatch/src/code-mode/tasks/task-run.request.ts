import type { RequestContext } from '../../interfaces/request-context.interface';
import type { SessionState } from '../../interfaces/session-state.interface';

/**
 * The request a task's run goes on under once its `tools/call` has been answered: the caller's own client
 * (the object itself: it carries what a copy would lose, such as a forwarded token), ended by the task's
 * `signal` only, and a session of its own with no client capability: nobody is asked inline while the run is
 * detached, so a command that needs approval pauses it (the task is then `input_required`). A plugin tool's
 * requests to the client go through the task instead (`taskInput`: `inputRequests`, answered by `tasks/update`).
 */
export function taskRunRequest(
  request: RequestContext,
  taskId: string,
  signal: AbortSignal,
  taskInput: NonNullable<RequestContext['taskInput']>,
): RequestContext {
  const { session } = request;
  const detached: SessionState = {
    sessionId: session.sessionId,
    ...(session.clientInfo === undefined ? {} : { clientInfo: session.clientInfo }),
    ...(session.protocolVersion === undefined ? {} : { protocolVersion: session.protocolVersion }),
    clientCapabilities: {},
    initialized: true,
    inFlight: new Map(),
    logLevel: session.logLevel,
    subscriptions: new Map(),
    pending: new Map(),
    serverRequestCount: 0,
    channels: [],
  };
  return {
    client: request.client,
    session: detached,
    id: `task:${taskId}`,
    signal,
    progress: () => undefined,
    taskInput,
    ...(request.requestId === undefined ? {} : { requestId: request.requestId }),
    ...(request.traceId === undefined ? {} : { traceId: request.traceId }),
  };
}
