import type { McpInputRequest } from '@myko/mcp';
import { OperationAbortedError } from '@myko/registry';
import { InvalidParamsError } from '../../errors';
import { type ExecutionTask, isTerminal, TASK_POLL_INTERVAL_MS } from '../../features/tasks/task';
import { isPlainObject } from '../../protocol/json-rpc/json-rpc.codec';
import type { ExecutionTaskStore } from './execution-task.store';

type Answers = Record<string, Record<string, unknown>>;

/** How often a run waiting for answers reads its task (answers may arrive on any instance). */
const ANSWER_POLL_MS = Math.min(200, TASK_POLL_INTERVAL_MS);

/**
 * The input of a task's run (the tasks extension's `inputRequests` and `tasks/update`): what the run asks is
 * written into its task (`input_required`), the answers `tasks/update` brings (on any instance) are written
 * beside it, and the run takes them from the store once every key it asked is answered. An answer may come
 * in parts: a key answered leaves `inputRequests`, the task stays `input_required` while any is left.
 */
export class TaskInputExchange {
  /** Writes to one task from this instance, one at a time (a run's asks and an update may overlap). */
  private readonly writing = new Map<string, Promise<unknown>>();

  constructor(private readonly store: ExecutionTaskStore) {}

  /** Asks `requests` through the task and waits for all their answers (until `signal` ends the run). */
  async ask(
    taskId: string,
    requests: Readonly<Record<string, McpInputRequest>>,
    signal: AbortSignal,
  ): Promise<Answers> {
    await this.change(taskId, (task) => {
      task.inputRequests = { ...task.inputRequests, ...requests };
      task.status = 'input_required';
      task.statusMessage = 'Waiting for the client to answer inputRequests (tasks/update).';
    });
    const keys = Object.keys(requests);
    for (;;) {
      signal.throwIfAborted();
      const task = await this.store.load(taskId);
      if (!task || isTerminal(task))
        throw new OperationAbortedError(`task ${taskId}`, 'it ended while it waited for input');
      if (keys.every((key) => task.inputResponses?.[key] !== undefined)) return this.take(taskId, keys);
      await new Promise((resolve) => setTimeout(resolve, ANSWER_POLL_MS));
    }
  }

  /**
   * Writes the answers to keys the task asks; others are ignored. True when the task asked anything.
   * @throws InvalidParamsError an answer that is not an object (-32602)
   */
  async answer(task: ExecutionTask, responses: Record<string, unknown>): Promise<boolean> {
    if (!task.inputRequests || Object.keys(task.inputRequests).length === 0) return false;
    for (const [key, value] of Object.entries(responses)) {
      if (!isPlainObject(value)) throw new InvalidParamsError(`inputResponses.${key} must be an object`);
    }
    await this.change(task.taskId, (current) => {
      const pending = { ...current.inputRequests };
      const answered = { ...current.inputResponses };
      for (const [key, value] of Object.entries(responses)) {
        if (!(key in pending)) continue;
        answered[key] = value as Record<string, unknown>;
        delete pending[key];
      }
      current.inputRequests = pending;
      current.inputResponses = answered;
      if (Object.keys(pending).length === 0) {
        current.status = 'working';
        delete current.statusMessage;
      }
    });
    return true;
  }

  /** The answers to `keys`, removed from the task (the run has them now). */
  private async take(taskId: string, keys: readonly string[]): Promise<Answers> {
    const answers: Answers = {};
    await this.change(taskId, (task) => {
      const left = { ...task.inputResponses };
      for (const key of keys) {
        answers[key] = left[key];
        delete left[key];
      }
      task.inputResponses = left;
    });
    return answers;
  }

  /** Loads the task, applies `edit` (unless it has ended) and writes it, after this instance's earlier writes. */
  private change(taskId: string, edit: (task: ExecutionTask) => void): Promise<void> {
    const previous = this.writing.get(taskId) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        const task = await this.store.load(taskId);
        if (!task || isTerminal(task)) return;
        edit(task);
        task.lastUpdatedAt = Date.now();
        await this.store.save(task);
      });
    this.writing.set(taskId, next);
    return next.finally(() => {
      if (this.writing.get(taskId) === next) this.writing.delete(taskId);
    });
  }
}
