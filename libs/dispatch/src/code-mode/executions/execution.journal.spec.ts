import { createHash } from 'node:crypto';
import { OperationError } from '@myko/registry';
import { ExecutionDivergedError, ExecutionPausedError } from './execution.errors';
import { ExecutionJournal, type JournalResume } from './execution.journal';

const LIMITS = { maxEntries: 100, maxBytes: 64 * 1024 };
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

function journal(resume?: JournalResume, limits = LIMITS) {
  const stops: number[] = [];
  const j = new ExecutionJournal('ex_1', limits, () => stops.push(1), resume);
  return { j, stops };
}

/** A first run: a query, a command that fails, then the gated command it pauses before. */
function pausedRun() {
  const { j, stops } = journal();
  const query = j.begin('query', 'query_GetProduct', { id: 1, b: [2, { z: 1, a: 0 }] });
  j.settle(query.slot, { result: '{"id":1}' });
  const failing = j.begin('command', 'command_Restock', { productId: 1 });
  j.settle(failing.slot, { error: new OperationError('out of stock', 'out_of_stock') });
  const gated = j.begin('command', 'command_Deactivate', { productId: 1 });
  const paused = j.pause(gated.slot.index);
  j.settle(gated.slot, { error: paused as Error });
  return { j, stops, paused };
}

describe('ExecutionJournal, a first run', () => {
  it('records each operation call in order: kind, canonical arguments, outcome and a SHA-256 digest', () => {
    const { j } = pausedRun();
    expect(j.entries).toEqual([
      {
        kind: 'query',
        operation: 'query_GetProduct',
        args: '{"b":[2,{"a":0,"z":1}],"id":1}',
        outcome: 'ok',
        digest: sha('{"id":1}'),
        result: '{"id":1}',
      },
      {
        kind: 'command',
        operation: 'command_Restock',
        args: '{"productId":1}',
        outcome: 'error',
        digest: sha('OperationError: out of stock'),
        error: { name: 'OperationError', message: 'out of stock', code: 'out_of_stock' },
      },
    ]);
  });

  it('a pause stops the script, and the call it waits on is not recorded (it did not run)', () => {
    const { j, stops, paused } = pausedRun();
    expect(paused).toBeInstanceOf(ExecutionPausedError);
    expect(stops).toHaveLength(1);
    expect(j.waitingFor).toEqual({
      reason: 'approval',
      operation: 'command_Deactivate',
      args: '{"productId":1}',
      position: 2,
    });
    expect(j.entries.map((e) => e.operation)).not.toContain('command_Deactivate');
  });

  it('keeps calls in call order when parallel calls settle out of order', () => {
    const { j } = journal();
    const a = j.begin('query', 'query_A', {});
    const b = j.begin('query', 'query_B', {});
    j.settle(b.slot, { result: '2' });
    j.settle(a.slot, { result: '1' });
    expect(j.entries.map((e) => e.operation)).toEqual(['query_A', 'query_B']);
  });

  it('over its size cap the run is served, but the journal is truncated and cannot pause', () => {
    const { j, stops } = journal(undefined, { maxEntries: 2, maxBytes: 64 * 1024 });
    for (const op of ['query_A', 'query_B', 'query_C']) j.settle(j.begin('query', op, {}).slot, { result: '1' });
    expect(j.truncated).toBe(true);
    expect(j.entries).toHaveLength(2);
    const gated = j.begin('command', 'command_X', {});
    expect(j.pause(gated.slot.index)).toBeUndefined();
    expect(stops).toHaveLength(0);
  });

  it('starts over when the sandbox runs the script again after a crash that changed nothing', () => {
    const { j } = journal();
    const stale = j.begin('query', 'query_A', {});
    j.settle(j.begin('query', 'query_B', {}).slot, { result: '1' });
    j.restart();
    j.settle(stale.slot, { result: 'late' });
    const again = j.begin('query', 'query_A', {});
    expect(again.slot.index).toBe(0);
    j.settle(again.slot, { result: '2' });
    expect(j.entries.map((e) => [e.operation, e.result])).toEqual([['query_A', '2']]);
  });

  it('waits for calls still in flight, within a bound; one still running then makes it unresumable', async () => {
    const { j } = journal();
    const slow = j.begin('command', 'command_Slow', {});
    setTimeout(() => j.settle(slow.slot, { result: 'null' }), 20);
    expect(await j.settledWithin(5_000)).toBe(true);
    const stuck = j.begin('command', 'command_Stuck', {});
    expect(await j.settledWithin(10)).toBe(false);
    expect(j.truncated).toBe(true);
    j.settle(stuck.slot, { result: 'null' });
  });
});

describe('ExecutionJournal, a resumed run', () => {
  function resumed() {
    const first = pausedRun().j;
    const waitingFor = first.waitingFor;
    if (!waitingFor) throw new Error('not paused');
    return journal({ calls: [...first.entries], approved: { waitingFor, by: 'operator:alice' } });
  }

  it('answers the recorded calls from the journal (results and errors), without running them', () => {
    const { j } = resumed();
    expect(j.begin('query', 'query_GetProduct', { b: [2, { a: 0, z: 1 }], id: 1 }).recorded).toEqual({
      result: '{"id":1}',
    });
    const failed = j.begin('command', 'command_Restock', { productId: 1 }).recorded;
    expect(failed && 'error' in failed && failed.error).toMatchObject({
      name: 'OperationError',
      message: 'out of stock',
      code: 'out_of_stock',
    });
  });

  it('lets the approved call through, bound to its place, operation and arguments', () => {
    const { j } = resumed();
    j.begin('query', 'query_GetProduct', { id: 1, b: [2, { z: 1, a: 0 }] });
    j.begin('command', 'command_Restock', { productId: 1 });
    const gated = j.begin('command', 'command_Deactivate', { productId: 1 });
    expect(gated.recorded).toBeUndefined();
    expect(j.grantedBy(gated.slot.index)).toBe('operator:alice');
    j.settle(gated.slot, { result: '{"active":false}' });
    const later = j.begin('command', 'command_Deactivate', { productId: 1 });
    expect(j.grantedBy(later.slot.index)).toBeUndefined();
  });

  it('stops as diverged, naming the call, when the script asks for another call than recorded', () => {
    const { j, stops } = resumed();
    j.begin('query', 'query_GetProduct', { id: 1, b: [2, { z: 1, a: 0 }] });
    expect(() => j.begin('command', 'command_Restock', { productId: 2 })).toThrow(ExecutionDivergedError);
    expect(stops).toHaveLength(1);
    expect(j.divergedAt).toBe('command_Restock');
  });

  it('a call started beside the paused one, and recorded after it, keeps its place on the resume', () => {
    const first = journal().j;
    const gated = first.begin('command', 'command_Deactivate', { productId: 1 });
    const beside = first.begin('query', 'query_Stock', {});
    first.settle(gated.slot, { error: first.pause(gated.slot.index) as Error });
    first.settle(beside.slot, { result: '7' });
    const waitingFor = first.waitingFor;
    if (!waitingFor) throw new Error('not paused');
    const { j } = journal({ calls: [...first.entries], approved: { waitingFor, by: 'operator' } });
    const again = j.begin('command', 'command_Deactivate', { productId: 1 });
    expect(again.recorded).toBeUndefined();
    expect(j.grantedBy(again.slot.index)).toBe('operator');
    expect(j.begin('query', 'query_Stock', {}).recorded).toEqual({ result: '7' });
    j.settle(again.slot, { result: 'null' });
    expect(j.entries.map((e) => e.operation)).toEqual(['command_Deactivate', 'query_Stock']);
  });

  it('an approval does not carry to other arguments at the same place', () => {
    const { j } = resumed();
    j.begin('query', 'query_GetProduct', { id: 1, b: [2, { z: 1, a: 0 }] });
    j.begin('command', 'command_Restock', { productId: 1 });
    const other = j.begin('command', 'command_Deactivate', { productId: 9 });
    expect(j.grantedBy(other.slot.index)).toBeUndefined();
  });
});
