import { Injectable } from '@nestjs/common';
import { ExecutionTasks } from '../../code-mode/tasks/execution-tasks.service';
import { relatedResult, taskOf } from '../../code-mode/tasks/task-wire';
import { LIST_PAGE_SIZE } from '../../dispatch.constants';
import { InvalidParamsError, MethodNotFoundError } from '../../errors';
import type { RequestContext } from '../../interfaces/request-context.interface';
import type { JsonRpcParams } from '../../protocol/json-rpc/json-rpc.message';
import { pageOf } from '../../protocol/pagination/list-page';
import { TaskResultError } from './task-result.error';

const LIST_SCOPE = 'tasks/list';

/**
 * MCP Tasks as 2025-11-25 has them (`tasks/get`, `tasks/result`, `tasks/cancel`, `tasks/list`), over the tasks of
 * `execute`. A 2026-07-28 request is not served here (its tasks are an extension of another shape).
 */
@Injectable()
export class TasksHandler {
  constructor(private readonly tasks: ExecutionTasks) {}

  async get(params: JsonRpcParams, request: RequestContext): Promise<Record<string, unknown>> {
    legacyOnly('tasks/get', request);
    return taskOf(await this.tasks.get(taskIdOf(params), request));
  }

  /** The task's result once it ends: the tool result, or the JSON-RPC error its request ended with. */
  async result(params: JsonRpcParams, request: RequestContext): Promise<Record<string, unknown>> {
    legacyOnly('tasks/result', request);
    const taskId = taskIdOf(params);
    const task = await this.tasks.terminal(taskId, request);
    if (task.result) return relatedResult(taskId, task.result);
    if (task.error) throw new TaskResultError(task.error);
    // Cancelled before it produced anything.
    throw new TaskResultError({ code: -32603, message: task.statusMessage ?? `Task ${task.status}` });
  }

  async cancel(params: JsonRpcParams, request: RequestContext): Promise<Record<string, unknown>> {
    legacyOnly('tasks/cancel', request);
    return taskOf(await this.tasks.cancel(taskIdOf(params), request));
  }

  async list(params: JsonRpcParams, request: RequestContext): Promise<Record<string, unknown>> {
    legacyOnly('tasks/list', request);
    const tasks = (await this.tasks.list(request)).map(taskOf);
    const { items, nextCursor } = pageOf(tasks, params.cursor, LIST_SCOPE, LIST_PAGE_SIZE);
    return nextCursor ? { tasks: items, nextCursor } : { tasks: items };
  }
}

function taskIdOf(params: JsonRpcParams): string {
  const { taskId } = params;
  if (typeof taskId !== 'string' || taskId.length === 0) throw new InvalidParamsError('`taskId` must be a string');
  return taskId;
}

/** A 2026-07-28 request (it carries an input round) has no such method. */
function legacyOnly(method: string, request: RequestContext): void {
  if (request.input) throw new MethodNotFoundError(method);
}
