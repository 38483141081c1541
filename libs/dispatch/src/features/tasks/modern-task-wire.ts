import type { McpInputRequest } from '@myko/mcp';
import { type ExecutionTask, TASK_POLL_INTERVAL_MS, type TaskPause, type TaskStatus } from './task';

export { TASKS_EXTENSION } from '../../protocol/protocol-era/protocol-era.constants';

/** The field of an approval's answer: `{ approve: true }` resumes the run. */
export const APPROVE_FIELD = 'approve';

/**
 * A task's status as the extension says it: a tool that ran and reported an error is `completed` (with
 * `result.isError`); `failed` is a protocol error only (2025-11-25 said `failed` for both).
 */
export function modernStatusOf(task: ExecutionTask): TaskStatus {
  return task.status === 'failed' && task.result ? 'completed' : task.status;
}

/** The `Task` fields of the extension: `ttlMs` and `pollIntervalMs` (integer ms), ISO timestamps. */
function modernTaskOf(task: ExecutionTask): Record<string, unknown> {
  return {
    taskId: task.taskId,
    status: modernStatusOf(task),
    ...(task.statusMessage === undefined ? {} : { statusMessage: task.statusMessage }),
    createdAt: new Date(task.createdAt).toISOString(),
    lastUpdatedAt: new Date(task.lastUpdatedAt).toISOString(),
    ttlMs: task.ttlMs,
    pollIntervalMs: TASK_POLL_INTERVAL_MS,
  };
}

/** What a `tools/call` that became a task answers: a flat `CreateTaskResult` (no `task` wrapper, no result). */
export function modernCreateTaskResult(task: ExecutionTask): Record<string, unknown> {
  return { resultType: 'task', ...modernTaskOf(task) };
}

/**
 * `tasks/get`: the task, with its result inlined once completed (no related-task `_meta`: the id is at the root),
 * its error once failed, and while it waits, what `tasks/update` answers (`inputRequests`): what the run asked, or
 * the approval a paused execution waits for.
 */
export function detailedTask(task: ExecutionTask, pause?: TaskPause): Record<string, unknown> {
  const detailed: Record<string, unknown> = { resultType: 'complete', ...modernTaskOf(task) };
  const status = modernStatusOf(task);
  if (status === 'completed' && task.result) detailed.result = task.result;
  if (status === 'failed' && task.error) detailed.error = task.error;
  const asked = task.inputRequests ?? {};
  if (status === 'input_required' && Object.keys(asked).length > 0) detailed.inputRequests = asked;
  else if (pause) detailed.inputRequests = approvalRequests(pause);
  return detailed;
}

/** The key of the approval a pause asks: one per pause, so an answer to an earlier pause decides nothing. */
export function approvalKey(pause: TaskPause): string {
  return `approval-${pause.pauses}`;
}

/** The paused execution's approval, as a form elicitation of one boolean. */
function approvalRequests(pause: TaskPause): Record<string, McpInputRequest> {
  const waiting = pause.waitingFor;
  const message = `Approve ${waiting?.operation} ${waiting?.args ?? ''}? The script paused before it; nothing after it ran.`;
  return {
    [approvalKey(pause)]: {
      method: 'elicitation/create',
      params: {
        message,
        requestedSchema: {
          type: 'object',
          properties: { [APPROVE_FIELD]: { type: 'boolean', title: 'Approve' } },
          required: [APPROVE_FIELD],
        },
      },
    },
  };
}
