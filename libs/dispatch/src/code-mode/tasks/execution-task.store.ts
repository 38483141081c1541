import { EXECUTION_STORE, type ExecutionStore, MemoryExecutionStore } from '@myko/state';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { type ExecutionTask, isTerminal, type TaskError, type TaskStatus } from '../../features/tasks/task';
import type { CallToolResult } from '../../features/tools/tool-definition.interface';
import { toolError } from '../../features/tools/tool-result';
import { ExecutionLedger } from '../executions/execution.ledger';
import type { ExecutionState } from '../executions/execution-record';
import { TaskStatusNotifier } from './task-status.notifier';

/** Where a task is kept: beside its execution's record, under its own id. */
const taskKey = (taskId: string) => `task:${taskId}`;
/**
 * The set of one owner's tasks (`tasks/list`). Not `ExecutionStore.list` by principal: a plugin tool's task has no
 * execution to list, and a task is saved without an index so that execution listings never show it.
 */
const ownerSet = (owner: string) => `tasks-of:${owner}`;
/** The longest status message kept (the start of a failed result's text). */
const MAX_STATUS_MESSAGE = 300;

/**
 * The tasks of `execute` in the state store (memory, or Redis shared by every instance): a task is written as it
 * starts and at each change, with its result once it ends, so any instance answers `tasks/get` and `tasks/result`.
 * A result is kept within the journal's size cap (`journalMaxBytes`).
 */
@Injectable()
export class ExecutionTaskStore {
  private readonly store: ExecutionStore;
  private readonly maxResultBytes: number;

  constructor(
    ledger: ExecutionLedger,
    @Optional() @Inject(EXECUTION_STORE) store?: ExecutionStore | null,
    @Optional() private readonly notifier?: TaskStatusNotifier,
  ) {
    this.store = store ?? new MemoryExecutionStore();
    this.maxResultBytes = ledger.limits.maxBytes;
  }

  /**
   * Writes the task for the rest of its ttl (and lists it under its owner), telling its session of a new status;
   * an expired one is not written.
   */
  async save(task: ExecutionTask): Promise<void> {
    const left = task.createdAt + task.ttlMs - Date.now();
    if (left <= 0) return;
    // Read only for a task someone is told of: its status before this write decides whether it changed.
    const before = this.notifier && task.sessionId !== undefined ? (await this.load(task.taskId))?.status : undefined;
    await this.store.save(taskKey(task.taskId), JSON.stringify(task), left);
    await this.store.track(ownerSet(task.owner), task.taskId, left);
    this.notifier?.changed(before, task);
  }

  /** The task, or undefined when unknown or expired. */
  async load(taskId: string): Promise<ExecutionTask | undefined> {
    const json = await this.store.load(taskKey(taskId));
    return json === undefined ? undefined : (JSON.parse(json) as ExecutionTask);
  }

  /** The owner's tasks still kept, oldest first. */
  async listOf(owner: string): Promise<ExecutionTask[]> {
    const ids = await this.store.tracked(ownerSet(owner));
    const tasks = await Promise.all(ids.map((id) => this.load(id)));
    return tasks
      .filter((task): task is ExecutionTask => task?.owner === owner)
      .sort((a, b) => a.createdAt - b.createdAt);
  }

  /**
   * Records how the task's run (or resumed run) ended: paused again (`input_required`), else its result. A
   * terminal task is left as it is (a cancelled task stays cancelled whatever its run did after).
   */
  async settle(taskId: string, result: CallToolResult): Promise<ExecutionTask | undefined> {
    const task = await this.load(taskId);
    if (!task || isTerminal(task)) return task;
    const state = executionStateOf(result);
    const settled: ExecutionTask = { ...task, status: statusOf(result, state), lastUpdatedAt: Date.now() };
    const message = statusMessageOf(result, state);
    if (message === undefined) delete settled.statusMessage;
    else settled.statusMessage = message;
    if (settled.status !== 'input_required') settled.result = this.kept(result);
    delete settled.inputRequests;
    delete settled.inputResponses;
    await this.save(settled);
    return settled;
  }

  /** Records a protocol error the run ended with: `failed`, and `tasks/result` answers the error. */
  async fail(taskId: string, error: TaskError): Promise<void> {
    const task = await this.load(taskId);
    if (!task || isTerminal(task)) return;
    await this.save({ ...task, status: 'failed', statusMessage: error.message, error, lastUpdatedAt: Date.now() });
  }

  /** The result within the size cap, else a short error saying it was too large to keep. */
  private kept(result: CallToolResult): CallToolResult {
    const bytes = Buffer.byteLength(JSON.stringify(result));
    if (bytes <= this.maxResultBytes) return result;
    return toolError(
      `The task's result (${bytes} bytes) is over the ${this.maxResultBytes}-byte cap of kept results ` +
        '(journalMaxBytes): it was not kept.',
    );
  }
}

/** The execution state a result names in `_meta.execution`, if any. */
function executionStateOf(result: CallToolResult): ExecutionState | undefined {
  const meta = result._meta as { execution?: { state?: ExecutionState } } | undefined;
  return meta?.execution?.state;
}

function statusOf(result: CallToolResult, state: ExecutionState | undefined): TaskStatus {
  if (state === 'paused') return 'input_required';
  // 2025-11-25: a tool result with isError ends its task as failed.
  return result.isError ? 'failed' : 'completed';
}

function statusMessageOf(result: CallToolResult, state: ExecutionState | undefined): string | undefined {
  if (state !== 'paused' && !result.isError) return undefined;
  const first = result.content.find((block) => block.type === 'text') as { text?: string } | undefined;
  const text = first?.text ?? (state === 'paused' ? 'Waiting for an approval.' : 'The script failed.');
  return text.length > MAX_STATUS_MESSAGE ? `${text.slice(0, MAX_STATUS_MESSAGE - 1)}…` : text;
}
