import type { CallToolResult } from '../tools/tool-definition.interface';
import { type ExecutionTask, RELATED_TASK_META, TASK_POLL_INTERVAL_MS } from './task';

/** A task as 2025-11-25 says it (`Task`): in `CreateTaskResult.task`, and as the result of get, cancel, list. */
export function taskOf(task: ExecutionTask): Record<string, unknown> {
  return {
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage === undefined ? {} : { statusMessage: task.statusMessage }),
    createdAt: new Date(task.createdAt).toISOString(),
    lastUpdatedAt: new Date(task.lastUpdatedAt).toISOString(),
    ttl: task.ttlMs,
    pollInterval: TASK_POLL_INTERVAL_MS,
  };
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
