import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { DISPATCH_OPTIONS } from '../../dispatch.constants';
import { InvalidParamsError } from '../../errors';
import { DispatchError } from '../../errors/dispatch.error';
import { type ExecutionTask, isTerminal, TASK_POLL_INTERVAL_MS } from '../../features/tasks/task';
import { type TaskInput, type TaskRun, TaskRunner } from '../../features/tasks/task-runner';
import type { CallToolResult } from '../../features/tools/tool-definition.interface';
import type { ResolvedDispatchOptions } from '../../interfaces/dispatch-options.interface';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { principalOf } from '../../protocol/fairness/work-identity';
import { ExecuteTool } from '../execute/execute.tool';
import { ExecutionDecisions } from '../execute/execution-decisions.service';
import type { ExecutionRecord } from '../executions/execution-record';
import { ExecutionTaskStore } from './execution-task.store';
import { TaskInputExchange } from './task-input.exchange';
import { taskRunRequest } from './task-run.request';

/** Who cancels a paused execution when its task is cancelled (its decision, as the audit shows it). */
const CANCELLED_BY = 'tasks/cancel';
/** JSON-RPC internal error: a run that ended by throwing something not shaped as a protocol error. */
const INTERNAL_ERROR = -32603;

/**
 * `execute` as an MCP task: started detached from its request, its state and result in the state store (any
 * instance answers for it), kept for the ttl asked within `taskMaxTtlMs`, and only ever visible to its owner
 * (anyone else is told it does not exist, as for an unknown id).
 */
@Injectable()
export class ExecutionTasks extends TaskRunner implements OnApplicationShutdown {
  private readonly logger = new Logger('ExecutionTasks');
  private readonly maxTtlMs: number;
  private readonly inputs: TaskInputExchange;
  /** The runs of tasks on this instance: cancelled through their controller. */
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly execute: ExecuteTool,
    private readonly tasks: ExecutionTaskStore,
    private readonly decisions: ExecutionDecisions,
    @Inject(DISPATCH_OPTIONS) options: Pick<ResolvedDispatchOptions, 'execute'>,
  ) {
    super();
    this.maxTtlMs = options.execute.taskMaxTtlMs;
    this.inputs = new TaskInputExchange(tasks);
  }

  /** Starts `execute` with `args` as a task (the task's id is its execution's); see `startRun`. */
  startExecute(args: Record<string, unknown>, request: RequestContext, ttlMs?: number): Promise<ExecutionTask> {
    return this.startRun(request, (detached, taskId) => this.execute.call(args, detached, taskId), ttlMs);
  }

  /**
   * Starts `run` as a task and answers it at once (`working`); the run goes on detached from the request. Its
   * first input is asked through `firstInput` when given (the request's own rounds), the rest through the task.
   */
  async startRun(
    request: RequestContext,
    run: TaskRun,
    ttlMs?: number,
    firstInput?: TaskInput,
  ): Promise<ExecutionTask> {
    const now = Date.now();
    const task: ExecutionTask = {
      taskId: `ex_${randomUUID()}`,
      owner: principalOf(request.client),
      // A stateless request's session ends with it: nobody to tell of later changes.
      ...(request.client.stateless ? {} : { sessionId: request.client.sessionId }),
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: Math.min(ttlMs ?? this.maxTtlMs, this.maxTtlMs),
    };
    await this.tasks.save(task);
    const controller = new AbortController();
    this.running.set(task.taskId, controller);
    const { signal } = controller;
    let first = firstInput;
    const input: TaskInput = async (asked) => {
      const ask = first;
      first = undefined;
      return ask ? ask(asked) : this.inputs.ask(task.taskId, asked, signal);
    };
    void this.run(task, run, taskRunRequest(request, task.taskId, signal, input)).finally(() => {
      this.running.delete(task.taskId);
    });
    return task;
  }

  /** The caller's task. @throws InvalidParamsError unknown, expired or another's (-32602) */
  async get(taskId: string, request: RequestContext): Promise<ExecutionTask> {
    const task = await this.tasks.load(taskId);
    if (!task || task.owner !== principalOf(request.client)) {
      throw new InvalidParamsError(`Failed to retrieve task: Task not found (${taskId})`);
    }
    return task;
  }

  /** The task once terminal (waits for it, polling the store, until the request is cancelled). */
  async terminal(taskId: string, request: RequestContext): Promise<ExecutionTask> {
    for (;;) {
      const task = await this.get(taskId, request);
      if (isTerminal(task)) return task;
      await pause(TASK_POLL_INTERVAL_MS, request.signal);
    }
  }

  /**
   * Cancels the caller's task: `cancelled` before this answers; its run is stopped (here, or by the instance that
   * runs it, which watches the store), and a paused execution is rejected so no one can resume it.
   * @throws InvalidParamsError unknown, or already terminal (-32602)
   */
  async cancel(taskId: string, request: RequestContext): Promise<ExecutionTask> {
    const task = await this.get(taskId, request);
    if (isTerminal(task)) {
      throw new InvalidParamsError(`Cannot cancel task: already in terminal status '${task.status}'`);
    }
    const cancelled: ExecutionTask = {
      ...task,
      status: 'cancelled',
      statusMessage: 'The task was cancelled by request.',
      lastUpdatedAt: Date.now(),
    };
    await this.tasks.save(cancelled);
    this.running.get(taskId)?.abort(new Error('The task was cancelled'));
    if (task.status === 'input_required') await this.rejectPause(taskId);
    return cancelled;
  }

  /** The pause a caller's `input_required` task waits on: its execution's record, else undefined. */
  async pauseOf(task: ExecutionTask): Promise<ExecutionRecord | undefined> {
    if (task.status !== 'input_required') return undefined;
    const record = await this.decisions.find(task.taskId);
    return record?.state === 'paused' ? record : undefined;
  }

  /**
   * The caller's answer to the approval its task waits on (the Tasks input door): approved, the run resumes
   * detached as the caller (the owner) and the task is `working` again; refused, the execution is rejected.
   * A task not waiting, or a pause already decided elsewhere, is left as it is.
   */
  async decide(taskId: string, request: RequestContext, approved: boolean): Promise<void> {
    const task = await this.get(taskId, request);
    if (!(await this.pauseOf(task))) return;
    const by = `task:${task.owner}`;
    if (!approved) {
      await this.decisions.reject(taskId, by).catch((error) => this.undecided(taskId, error));
      return;
    }
    await this.tasks.save({ ...task, status: 'working', statusMessage: undefined, lastUpdatedAt: Date.now() });
    const filters = request.client.filters;
    void this.decisions.approve(taskId, by, () => filters).catch((error) => this.undecided(taskId, error));
  }

  /** Answers (`tasks/update`) to what the caller's task asks; true when it asked anything. */
  async answer(taskId: string, request: RequestContext, responses: Record<string, unknown>): Promise<boolean> {
    return this.inputs.answer(await this.get(taskId, request), responses);
  }

  /** The caller's tasks still kept, oldest first. */
  list(request: RequestContext): Promise<ExecutionTask[]> {
    return this.tasks.listOf(principalOf(request.client));
  }

  onApplicationShutdown(): void {
    for (const controller of this.running.values()) controller.abort(new Error('The server is shutting down'));
  }

  private async run(task: ExecutionTask, run: TaskRun, request: RequestContext): Promise<void> {
    const watch = this.watchCancel(task.taskId);
    try {
      const result: CallToolResult = await run(request, task.taskId);
      await this.tasks.settle(task.taskId, result);
    } catch (error) {
      // A cancelled or stopped run ends by its signal: not a fault.
      if (!(error instanceof DispatchError) && !request.signal.aborted) {
        this.logger.error(`task ${task.taskId} failed: ${String(error)}`);
      }
      await this.tasks.fail(task.taskId, taskErrorOf(error)).catch((failed) => this.unrecorded(task, failed));
    } finally {
      clearInterval(watch);
    }
  }

  /** A cancel sent to another instance is seen here through the store: the run stops within a poll interval. */
  private watchCancel(taskId: string): NodeJS.Timeout {
    const watch = setInterval(() => {
      this.tasks
        .load(taskId)
        .then((task) => {
          if (task?.status === 'cancelled') this.running.get(taskId)?.abort(new Error('The task was cancelled'));
        })
        .catch(() => undefined);
    }, TASK_POLL_INTERVAL_MS);
    watch.unref();
    return watch;
  }

  private async rejectPause(taskId: string): Promise<void> {
    try {
      await this.decisions.reject(taskId, CANCELLED_BY);
    } catch (error) {
      // Already decided, or no longer paused: nothing is left to resume.
      this.logger.debug(`task ${taskId}: its execution was not rejected (${String(error)})`);
    }
  }

  private undecided(taskId: string, error: unknown): void {
    this.logger.debug(`task ${taskId}: its pause was not decided (${String(error)})`);
  }

  private unrecorded(task: ExecutionTask, error: unknown): void {
    this.logger.warn(`task ${task.taskId}: its end was not recorded (${String(error)})`);
  }
}

/** The JSON-RPC error a run's throw is, as the request would have answered it. */
function taskErrorOf(error: unknown): { code: number; message: string; data?: unknown } {
  if (!(error instanceof DispatchError)) return { code: INTERNAL_ERROR, message: 'Internal error' };
  const { code, message, data } = error;
  return data === undefined ? { code, message } : { code, message, data };
}

/** Waits `ms`, or rejects as soon as `signal` fires. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}
