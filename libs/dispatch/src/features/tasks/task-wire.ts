import type { CallToolResult } from '../tools/tool-definition.interface';
import { type ExecutionTask, RELATED_TASK_META } from './task';
import { TASK_FIELDS_2025, taskFields } from './task-fields';

/** A task as 2025-11-25 says it (`Task`): in `CreateTaskResult.task`, and as the result of get, cancel, list. */
export function taskOf(task: ExecutionTask): Record<string, unknown> {
  return taskFields(task, TASK_FIELDS_2025);
}

/** What a task-augmented `tools/call` answers at once: `CreateTaskResult`. */
export function createTaskResult(task: ExecutionTask): Record<string, unknown> {
  return { task: taskOf(task) };
}

/** The tool result `tasks/result` answers: the request's own, tied to its task in `_meta`. */
export function relatedResult(taskId: string, result: CallToolResult): CallToolResult {
  const meta = result._meta as Record<string, unknown> | undefined;
  return { ...result, _meta: { ...meta, [RELATED_TASK_META]: { taskId } } };
}
