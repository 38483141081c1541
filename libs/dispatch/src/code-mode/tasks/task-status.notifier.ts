import { Injectable, Optional } from '@nestjs/common';
import type { ExecutionTask, TaskStatus } from '../../features/tasks/task';
import { TASK_FIELDS_2025, taskFields } from '../../features/tasks/task-fields';
import { SessionRelay } from '../../protocol/cluster/session.relay';

/** The 2025-11-25 notification of a task's new status. */
export const TASK_STATUS_NOTIFICATION = 'notifications/tasks/status';

/**
 * Tells the session that created a task of each change of its status (`working` → `input_required` → a terminal
 * one), as 2025-11-25 lets a receiver: `notifications/tasks/status` with the task's `Task` fields, on the session's
 * stream here or on the instance that holds it. Best effort: a requestor still polls `tasks/get`, and without an
 * open stream the notification is dropped.
 */
@Injectable()
export class TaskStatusNotifier {
  constructor(@Optional() private readonly relay?: SessionRelay) {}

  /** `task` was saved with a status other than `before` (undefined: it was just created, which its answer says). */
  changed(before: TaskStatus | undefined, task: ExecutionTask): void {
    if (!this.relay || task.sessionId === undefined || before === undefined || before === task.status) return;
    this.relay.sendToSession(task.sessionId, {
      jsonrpc: '2.0',
      method: TASK_STATUS_NOTIFICATION,
      params: taskFields(task, TASK_FIELDS_2025),
    });
  }
}
