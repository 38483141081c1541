import { type ExecutionTask, TASK_POLL_INTERVAL_MS, type TaskStatus } from './task';

/** How one protocol era names a task's ttl and poll interval, and which status it says. */
export interface TaskFieldNames {
  readonly ttl: string;
  readonly pollInterval: string;
  readonly statusOf: (task: ExecutionTask) => TaskStatus;
}

/** 2025-11-25 (`Task`): `ttl` and `pollInterval`, the status as kept. */
export const TASK_FIELDS_2025: TaskFieldNames = {
  ttl: 'ttl',
  pollInterval: 'pollInterval',
  statusOf: (task) => task.status,
};

/**
 * The 2026-07-28 tasks extension: `ttlMs` and `pollIntervalMs` (integer ms); a tool that ran and reported an
 * error is `completed` (with `result.isError`), `failed` is a protocol error only (2025-11-25 said `failed` for both).
 */
export const TASK_FIELDS_MODERN: TaskFieldNames = {
  ttl: 'ttlMs',
  pollInterval: 'pollIntervalMs',
  statusOf: (task) => (task.status === 'failed' && task.result ? 'completed' : task.status),
};

/** A task's `Task` fields as `era` names them (ISO timestamps in both). */
export function taskFields(task: ExecutionTask, era: TaskFieldNames): Record<string, unknown> {
  return {
    taskId: task.taskId,
    status: era.statusOf(task),
    ...(task.statusMessage === undefined ? {} : { statusMessage: task.statusMessage }),
    createdAt: new Date(task.createdAt).toISOString(),
    lastUpdatedAt: new Date(task.lastUpdatedAt).toISOString(),
    [era.ttl]: task.ttlMs,
    [era.pollInterval]: TASK_POLL_INTERVAL_MS,
  };
}
