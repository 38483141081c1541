import type { McpInputRequest } from '@myko/mcp';
import { MemoryExecutionStore } from '@myko/state';
import type { ExecutionTask } from '../../features/tasks/task';
import { ExecutionLedger } from '../executions/execution.ledger';
import { ExecutionTaskStore } from './execution-task.store';
import { TaskInputExchange } from './task-input.exchange';

const MAX_BYTES = 2_048;

function stores(): ExecutionTaskStore {
  const ledger = new ExecutionLedger(null, { execute: { journalMaxBytes: MAX_BYTES } });
  return new ExecutionTaskStore(ledger, new MemoryExecutionStore());
}

function working(taskId: string, owner = 'key:a'): ExecutionTask {
  const now = Date.now();
  return { taskId, owner, status: 'working', createdAt: now, lastUpdatedAt: now, ttlMs: 60_000 };
}

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

describe('ExecutionTaskStore', () => {
  it('settles a task from its result: completed, failed (isError), input_required (a paused execution)', async () => {
    const store = stores();
    await Promise.all(['t1', 't2', 't3'].map((id) => store.save(working(id))));
    expect((await store.settle('t1', text('42')))?.status).toBe('completed');
    const failed = await store.settle('t2', { ...text('boom'), isError: true });
    expect(failed).toMatchObject({ status: 'failed', statusMessage: 'boom', result: { isError: true } });
    const paused = await store.settle('t3', { ...text('paused before X'), _meta: { execution: { state: 'paused' } } });
    expect(paused).toMatchObject({ status: 'input_required', statusMessage: 'paused before X' });
    expect(paused?.result).toBeUndefined();
  });

  it('leaves a terminal task as it is (a cancelled task stays cancelled)', async () => {
    const store = stores();
    await store.save({ ...working('t4'), status: 'cancelled' });
    await store.settle('t4', text('late'));
    expect(await store.load('t4')).toMatchObject({ status: 'cancelled' });
    expect((await store.load('t4'))?.result).toBeUndefined();
  });

  it('keeps a result only within the size cap', async () => {
    const store = stores();
    await store.save(working('t5'));
    const settled = await store.settle('t5', text('x'.repeat(MAX_BYTES)));
    expect(settled?.result?.isError).toBe(true);
    expect(JSON.stringify(settled?.result)).toContain(`over the ${MAX_BYTES}-byte cap`);
  });

  it("lists an owner's tasks only, oldest first", async () => {
    const store = stores();
    await store.save(working('a1', 'key:a'));
    await store.save({ ...working('b1', 'key:b'), createdAt: Date.now() - 10 });
    await store.save({ ...working('a0', 'key:a'), createdAt: Date.now() - 5 });
    expect((await store.listOf('key:a')).map((task) => task.taskId)).toEqual(['a0', 'a1']);
    expect((await store.listOf('key:b')).map((task) => task.taskId)).toEqual(['b1']);
  });
});

describe('TaskInputExchange', () => {
  const ask = (message: string): McpInputRequest => ({
    method: 'elicitation/create',
    params: { message, requestedSchema: {} },
  });

  it('asks through the task and answers the run once every key is answered, in parts', async () => {
    const store = stores();
    const inputs = new TaskInputExchange(store);
    await store.save(working('t6'));
    const answered = inputs.ask('t6', { first: ask('1'), second: ask('2') }, new AbortController().signal);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await store.load('t6')).toMatchObject({ status: 'input_required' });
    expect(await inputs.answer((await store.load('t6')) as ExecutionTask, { first: { action: 'accept' } })).toBe(true);
    const partial = await store.load('t6');
    expect(partial?.status).toBe('input_required');
    expect(Object.keys(partial?.inputRequests ?? {})).toEqual(['second']);
    await inputs.answer(partial as ExecutionTask, { second: { action: 'decline' }, unknown: { action: 'accept' } });
    expect(await answered).toEqual({ first: { action: 'accept' }, second: { action: 'decline' } });
    expect(await store.load('t6')).toMatchObject({ status: 'working', inputResponses: {} });
  });

  it('refuses an answer that is not an object, and says when the task asks nothing', async () => {
    const store = stores();
    const inputs = new TaskInputExchange(store);
    await store.save({ ...working('t7'), inputRequests: { k: ask('?') } });
    await expect(inputs.answer((await store.load('t7')) as ExecutionTask, { k: 'yes' })).rejects.toThrow(
      /inputResponses.k must be an object/,
    );
    expect(await inputs.answer(working('t8'), { k: {} })).toBe(false);
  });
});
