import { DispatchError } from '../../errors/dispatch.error';
import type { TaskError } from './task';

/** The JSON-RPC error a task's request ended with, answered again by `tasks/result` as it was. */
export class TaskResultError extends DispatchError {
  readonly code: number;

  constructor(error: TaskError) {
    super(error.message, error.data);
    this.code = error.code;
  }
}
