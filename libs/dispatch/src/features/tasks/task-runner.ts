import type { RequestContext } from '../../interfaces/request-context.interface';
import type { CallToolResult } from '../tools/tool-definition.interface';
import type { ExecutionTask, TaskPause } from './task';

/** How a task's run asks the client (`RequestContext.taskInput`). */
export type TaskInput = NonNullable<RequestContext['taskInput']>;

/** A task's work, on the detached request it runs under. */
export type TaskRun = (request: RequestContext, taskId: string) => Promise<CallToolResult>;

/**
 * The tasks the server runs, as the protocol's handlers (`tools/call` with a task, `tasks/*`) see them. Running
 * one means Code Mode's durable executions (an `execute` task is an execution; its approvals are theirs), which
 * build on the features: the runner lives above and is bound to this token by the module.
 */
export abstract class TaskRunner {
  /** Starts `execute` with `args` as a task (`working` at once; the run goes on detached from the request). */
  abstract startExecute(args: Record<string, unknown>, request: RequestContext, ttlMs?: number): Promise<ExecutionTask>;
  /** Starts `run` as a task; its first input through `firstInput` when given, the rest through the task. */
  abstract startRun(
    request: RequestContext,
    run: TaskRun,
    ttlMs?: number,
    firstInput?: TaskInput,
  ): Promise<ExecutionTask>;
  /** The caller's task (anyone else's, or an unknown id: -32602 not found). */
  abstract get(taskId: string, request: RequestContext): Promise<ExecutionTask>;
  /** The caller's task once terminal. */
  abstract terminal(taskId: string, request: RequestContext): Promise<ExecutionTask>;
  /** Cancels the caller's task and stops its run. */
  abstract cancel(taskId: string, request: RequestContext): Promise<ExecutionTask>;
  /** The approval an `input_required` task waits on, else undefined. */
  abstract pauseOf(task: ExecutionTask): Promise<TaskPause | undefined>;
  /** The caller's answer to the approval its task waits on. */
  abstract decide(taskId: string, request: RequestContext, approved: boolean): Promise<void>;
  /** Answers (`tasks/update`) to what the caller's task asks; true when it asked anything. */
  abstract answer(taskId: string, request: RequestContext, responses: Record<string, unknown>): Promise<boolean>;
  /** The caller's tasks still kept, oldest first. */
  abstract list(request: RequestContext): Promise<ExecutionTask[]>;
}
