import type { McpInputRequest } from '@myko/mcp';
import type { CallToolResult } from '../tools/tool-definition.interface';

/** MCP's task states (2025-11-25): `completed`, `failed` and `cancelled` are terminal. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** Terminal states: a task in one never changes again. */
export const TERMINAL_TASK_STATUSES: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);

/** The `_meta` key tying a message to its task (2025-11-25). */
export const RELATED_TASK_META = 'io.modelcontextprotocol/related-task';

/** How often a client should poll `tasks/get`, in ms (said in every task it is given). */
export const TASK_POLL_INTERVAL_MS = 500;

/** A JSON-RPC error the task's request ended with (`tasks/result` answers it as the request would have). */
export interface TaskError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/**
 * A task (a task-augmented `execute`, or a plugin tool's) as the state store keeps it (JSON, beside its
 * execution's record): an `execute` task's id is its execution's id, so an operator's decision settles it too.
 */
export interface ExecutionTask {
  readonly taskId: string;
  /** Whose it is (`principalOf`): any other caller is told it does not exist. */
  readonly owner: string;
  /** The session that created it (none for a stateless request): told of each status change (`TaskStatusNotifier`). */
  readonly sessionId?: string;
  status: TaskStatus;
  statusMessage?: string;
  readonly createdAt: number;
  lastUpdatedAt: number;
  /** How long it is kept from its creation (what was asked, within `taskMaxTtlMs`). */
  readonly ttlMs: number;
  /** `completed` or `failed` with a tool result: what `tasks/result` answers. */
  result?: CallToolResult;
  /** `failed` with a protocol error. */
  error?: TaskError;
  /** What the run asks the client and is not answered yet (`input_required`), by key. */
  inputRequests?: Record<string, McpInputRequest>;
  /** Answers `tasks/update` brought, by key, until the run takes them. */
  inputResponses?: Record<string, Record<string, unknown>>;
}

/** Whether the task will not change again. */
export function isTerminal(task: ExecutionTask): boolean {
  return TERMINAL_TASK_STATUSES.has(task.status);
}

/** The approval an `input_required` task waits for: its paused execution, as far as the wire tells it. */
export interface TaskPause {
  /** How many times the execution paused: one approval key per pause. */
  readonly pauses: number;
  readonly waitingFor?: { readonly operation: string; readonly args: string };
}
