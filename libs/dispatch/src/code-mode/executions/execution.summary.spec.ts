import { executionSummary } from './execution.summary';
import type { ExecutionRecord } from './execution-record';

const AT = Date.parse('2026-12-06T03:00:00.000Z');

/** A record of one rolled back (or not) execution with two committed commands. */
function record(extra: Partial<ExecutionRecord>): ExecutionRecord {
  return {
    id: 'ex_1',
    state: 'rejected',
    createdAt: AT,
    updatedAt: AT,
    expiresAt: AT,
    owner: { tenant: 'key:aaaa', sessionId: 's1' },
    script: { code: 'return 1;' },
    calls: [],
    truncated: false,
    pauses: 1,
    ...extra,
  };
}

describe('executionSummary', () => {
  it('shows what a rollback did: counts of compensated and skipped commands', () => {
    const rollback = { by: 'operator:alice', at: AT, attempts: 1, compensated: [1, 0], skipped: [2] };
    expect(executionSummary(record({ state: 'rolled_back', rollback })).rollback).toEqual({
      by: 'operator:alice',
      at: '2026-12-06T03:00:00.000Z',
      attempts: 1,
      compensated: 2,
      skipped: 1,
    });
  });

  it('names the compensation that failed', () => {
    const failed = { position: 0, operation: 'command_X', compensation: 'command_UndoX', error: 'gone' };
    const rollback = { by: 'operator', at: AT, attempts: 2, compensated: [1], skipped: [], failed };
    expect(executionSummary(record({ state: 'rollback_failed', rollback })).rollback).toMatchObject({
      compensated: 1,
      failed,
    });
  });

  it('has no rollback for an execution not rolled back', () => {
    expect(executionSummary(record({})).rollback).toBeUndefined();
  });
});
