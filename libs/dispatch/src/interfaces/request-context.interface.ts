import type { McpInputRequest } from '@myko/mcp';
import type { ClientContext } from './client-context.interface';
import type { ClientLog } from './client-log.interface';
import type { InputRoundState } from './input-round.interface';
import type { JsonRpcId, JsonRpcNotification } from './json-rpc.types';
import type { SessionState } from './session-state.interface';

/** How one `myko.*` call inside `execute` ended. */
export type OperationCallOutcome = 'ok' | 'error' | 'refused' | 'aborted';

/** Reports progress of the request to the client (dropped when the client asked for none). */
export type ProgressReporter = (progress: number, total?: number, message?: string) => void;

/** Everything a method handler knows about the request it answers. */
export interface RequestContext {
  readonly client: ClientContext;
  readonly session: SessionState;
  readonly id: JsonRpcId;
  /** Aborted by `notifications/cancelled` for this id or by the end of the session. */
  readonly signal: AbortSignal;
  /** Whether `signal` has fired, without creating it (see `OperationContext.aborted`). */
  readonly aborted?: boolean;
  readonly progress: ProgressReporter;
  /**
   * `notifications/message` on the request's stream, at or above the session's level. Optional so
   * that contexts built by hand (tests, tools) need not provide it; dispatch always sets it.
   */
  readonly log?: ClientLog;
  /**
   * A 2026-07-28 (stateless) request: its `session` lives for this request only, built from its
   * `_meta`, and requests to the client go through `input` (MRTR) instead of the stream.
   */
  readonly input?: InputRoundState;
  /**
   * Set on the detached run of a task: the tool's requests to the client become the task's `inputRequests`, and
   * their answers arrive by `tasks/update` (resolved when all of `requests` are answered).
   */
  readonly taskInput?: (
    requests: Readonly<Record<string, McpInputRequest>>,
  ) => Promise<Record<string, Record<string, unknown>>>;
  /** A notification on the request's own stream (`subscriptions/listen`); closed when the request ends. */
  readonly notify?: (message: JsonRpcNotification) => void;
  /** The server-generated id of this request, which every log line written for it carries. */
  readonly requestId?: string;
  /** The W3C trace id of the request's span, when tracing records it. */
  readonly traceId?: string;
  /** Set when an observer follows `myko.*` calls (tracing): call it as a call starts, its result as it ends. */
  readonly operationCall?: (name: string) => (outcome: OperationCallOutcome) => void;
}
