import type { McpInputRequest } from '@myko/mcp';
import type { ExecutionTask, TaskPause, TaskStatus } from './task';
import { TASK_FIELDS_MODERN, taskFields } from './task-fields';

export { TASKS_EXTENSION } from '../../protocol/protocol-era/protocol-era.constants';

/** The field of an approval's answer: `{ approve: true }` resumes the run. */
export const APPROVE_FIELD = 'approve';

/** A task's status as the extension says it (see `TASK_FIELDS_MODERN`). */
export function modernStatusOf(task: ExecutionTask): TaskStatus {
  return TASK_FIELDS_MODERN.statusOf(task);
}

/** What a `tools/call` that became a task answers: a flat `CreateTaskResult` (no `task` wrapper, no result). */
export function modernCreateTaskResult(task: ExecutionTask): Record<string, unknown> {
  return { resultType: 'task', ...taskFields(task, TASK_FIELDS_MODERN) };
}

/**
 * `tasks/get`: the task, with its result inlined once completed (no related-task `_meta`: the id is at the root),
 * its error once failed, and while it waits, what `tasks/update` answers (`inputRequests`): what the run asked, or
 * the approval a paused execution waits for.
 */
export function detailedTask(task: ExecutionTask, pause?: TaskPause): Record<string, unknown> {
  const detailed: Record<string, unknown> = { resultType: 'complete', ...taskFields(task, TASK_FIELDS_MODERN) };
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
