import type { ClientContext } from '../../interfaces/client-context.interface';
import type { ResolvedDispatchOptions } from '../../interfaces/dispatch-options.interface';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { conversationOf } from '../../protocol/fairness/work-identity';
import type { ExecutionRecord } from '../executions/execution-record';
import { DEFAULT_TYPE_CHECK_LIMITS } from '../type-check/script-type-checker';
import type { TypeCheckLimits } from '../type-check/type-check.pool';
import type { withTypeWarnings } from '../type-check/type-check.result';
import { ExecuteLimitError } from './execute-limit.error';
import { RESIDENT_RETRY_MS } from './resident-quota';
import type { ScriptDiscovery } from './script-discovery';

// The pieces `ExecuteTool` composes: who a run belongs to, how it is shaped, and its refusals.

/** What a run executes: the checked script and its time limit. */
export type ExecutionScript = ExecutionRecord['script'];

/** How a run is shaped: plan mode, the type check's warnings, and the execution it resumes. */
export interface RunOptions {
  readonly mode?: 'plan';
  readonly diagnostics: Parameters<typeof withTypeWarnings>[1];
  readonly startedAt: number;
  readonly resume?: { readonly record: ExecutionRecord; readonly by: string };
  /** The type check's discovery, reused by the run's `myko.search`/`describe`. */
  readonly discovery?: ScriptDiscovery;
  /** The id a new execution takes (a task's), else one is made. */
  readonly executionId?: string;
}

/** The client behind a request across sessions and stateless requests: its key, else its address. */
export function clientIdOf(client: ClientContext): string | undefined {
  return client.clientId ?? client.caller;
}

/**
 * Whose runs may share an isolate (each with a fresh context): a conversation under its principal. A stateless
 * request that names no conversation shares with nothing.
 */
export function reuseKeyOf(client: ClientContext): string | undefined {
  return client.stateless && client.conversationId === undefined ? undefined : conversationOf(client);
}

/** The request, as seen by what must stop when the run ends: its signal also fires then. */
export function untilEnded(request: RequestContext, ended: AbortSignal): RequestContext {
  const signal = AbortSignal.any([request.signal, ended]);
  return Object.create(request, { signal: { value: signal }, aborted: { get: () => signal.aborted } });
}

/** The type checker's bounds from the execute options. */
export function typeCheckLimits(options: ResolvedDispatchOptions['execute']): TypeCheckLimits {
  return {
    ...DEFAULT_TYPE_CHECK_LIMITS,
    timeoutMs: options.typeCheckTimeoutMs,
    workers: options.typeCheckWorkers,
    maxQueue: options.typeCheckQueue,
    maxQueuePerClient: options.typeCheckQueuePerClient,
  };
}

/** No type-check worker took the script in time, or the queue was full: nothing ran, try again soon. */
export function typeCheckBusy(retryAfterMs: number): ExecuteLimitError {
  const message = 'The type checker is busy: this script was not checked and did not run. Retry shortly.';
  return new ExecuteLimitError({ limit: 'execute-type-check-busy', retryAfterMs, message });
}

/** The limit named when the sandbox has no resident place left. */
export const SANDBOX_FULL_LIMIT = 'execute-sandbox-full';

/** The sandbox has no resident place left: refused before anything ran, like a cap. */
export function sandboxFull(message: string): ExecuteLimitError {
  return new ExecuteLimitError({ limit: SANDBOX_FULL_LIMIT, retryAfterMs: RESIDENT_RETRY_MS, message });
}
