import { Injectable } from '@nestjs/common';
import { LIST_PAGE_SIZE } from '../../dispatch.constants';
import { InvalidParamsError, MethodNotFoundError } from '../../errors';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { isPlainObject } from '../../protocol/json-rpc/json-rpc.codec';
import type { JsonRpcParams } from '../../protocol/json-rpc/json-rpc.message';
import { pageOf } from '../../protocol/pagination/list-page';
import { MissingTasksExtensionError } from './missing-tasks-extension.error';
import { APPROVE_FIELD, approvalKey, detailedTask } from './modern-task-wire';
import { isTerminal } from './task';
import { declaresTasks, isModernRequest } from './task-era';
import { TaskResultError } from './task-result.error';
import { TaskRunner } from './task-runner';
import { relatedResult, taskOf } from './task-wire';

const LIST_SCOPE = 'tasks/list';
/** The 2026-07-28 acknowledgement of `tasks/cancel` and `tasks/update`: no task envelope. */
const ACK = { resultType: 'complete' };

/**
 * MCP Tasks over the tasks the server runs (`execute`, and plugin tools declaring `taskSupport`), in both eras:
 * 2025-11-25 (`tasks/get`, `tasks/result`, `tasks/cancel`, `tasks/list`) and the 2026-07-28 extension
 * `io.modelcontextprotocol/tasks` (`tasks/get` with the result inlined, `tasks/update` for input, `tasks/cancel`
 * acknowledged; `tasks/result` and `tasks/list` are gone), served only to a request that declares it.
 */
@Injectable()
export class TasksHandler {
  constructor(private readonly tasks: TaskRunner) {}

  async get(params: JsonRpcParams, request: RequestContext): Promise<Record<string, unknown>> {
    const taskId = taskIdOf(params, request);
    const task = await this.tasks.get(taskId, request);
    return isModernRequest(request) ? detailedTask(task, await this.tasks.pauseOf(task)) : taskOf(task);
  }

  /** 2025-11-25: the task's result once it ends: the tool result, or the JSON-RPC error its request ended with. */
  async result(params: JsonRpcParams, request: RequestContext): Promise<Record<string, unknown>> {
    if (isModernRequest(request)) throw new MethodNotFoundError('tasks/result');
    const taskId = taskIdOf(params, request);
    const task = await this.tasks.terminal(taskId, request);
    if (task.result) return relatedResult(taskId, task.result);
    throw new TaskResultError(task.error ?? { code: -32603, message: task.statusMessage ?? `Task ${task.status}` });
  }

  /** 2025-11-25: the task, cancelled (a terminal one: -32602). 2026-07-28: an ack, the same for a terminal task. */
  async cancel(params: JsonRpcParams, request: RequestContext): Promise<Record<string, unknown>> {
    const taskId = taskIdOf(params, request);
    if (!isModernRequest(request)) return taskOf(await this.tasks.cancel(taskId, request));
    const task = await this.tasks.get(taskId, request);
    if (!isTerminal(task)) await this.tasks.cancel(taskId, request);
    return ACK;
  }

  /**
   * 2026-07-28: answers to the task's `inputRequests`: what its run asked (some keys, or all), or the approval a
   * paused execution waits for (`{ approve: true }` resumes it, anything else rejects it).
   */
  async update(params: JsonRpcParams, request: RequestContext): Promise<Record<string, unknown>> {
    if (!isModernRequest(request)) throw new MethodNotFoundError('tasks/update');
    const taskId = taskIdOf(params, request);
    const { inputResponses } = params;
    if (!isPlainObject(inputResponses)) throw new InvalidParamsError('`inputResponses` must be an object');
    if (await this.tasks.answer(taskId, request, inputResponses)) return ACK;
    const task = await this.tasks.get(taskId, request);
    const pause = await this.tasks.pauseOf(task);
    const answer = pause ? inputResponses[approvalKey(pause)] : undefined;
    if (answer !== undefined) await this.tasks.decide(taskId, request, approves(answer));
    return ACK;
  }

  /** 2025-11-25: the caller's tasks, paged. */
  async list(params: JsonRpcParams, request: RequestContext): Promise<Record<string, unknown>> {
    if (isModernRequest(request)) throw new MethodNotFoundError('tasks/list');
    const tasks = (await this.tasks.list(request)).map(taskOf);
    const { items, nextCursor } = pageOf(tasks, params.cursor, LIST_SCOPE, LIST_PAGE_SIZE);
    return nextCursor ? { tasks: items, nextCursor } : { tasks: items };
  }
}

/** The `taskId` param; a 2026-07-28 request must have declared the extension first (-32021). */
function taskIdOf(params: JsonRpcParams, request: RequestContext): string {
  if (isModernRequest(request) && !declaresTasks(request)) throw new MissingTasksExtensionError();
  const { taskId } = params;
  if (typeof taskId !== 'string' || taskId.length === 0) throw new InvalidParamsError('`taskId` must be a string');
  return taskId;
}

/** An elicitation answer that accepts with `approve: true`. */
function approves(answer: unknown): boolean {
  if (!isPlainObject(answer) || answer.action !== 'accept') return false;
  return isPlainObject(answer.content) && answer.content[APPROVE_FIELD] === true;
}
