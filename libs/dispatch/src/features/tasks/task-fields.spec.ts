import { type ExecutionTask, TASK_POLL_INTERVAL_MS } from './task';
import { TASK_FIELDS_2025, TASK_FIELDS_MODERN, taskFields } from './task-fields';

const TASK: ExecutionTask = {
  taskId: 'ex_1',
  owner: 'key:0123456789abcdef',
  status: 'failed',
  statusMessage: 'The script failed.',
  createdAt: Date.UTC(2026, 11, 6, 6, 0, 0),
  lastUpdatedAt: Date.UTC(2026, 11, 6, 6, 0, 5),
  ttlMs: 60_000,
  result: { content: [{ type: 'text', text: 'boom' }], isError: true },
};

/** What both eras say alike: the id, the message and the ISO timestamps. */
const COMMON = {
  taskId: 'ex_1',
  statusMessage: 'The script failed.',
  createdAt: '2026-12-06T06:00:00.000Z',
  lastUpdatedAt: '2026-12-06T06:00:05.000Z',
};

describe('taskFields', () => {
  it.each([
    [
      '2025-11-25 (ttl, pollInterval, failed for a tool error)',
      TASK_FIELDS_2025,
      { status: 'failed', ttl: 60_000, pollInterval: TASK_POLL_INTERVAL_MS },
    ],
    [
      'the extension (ttlMs, pollIntervalMs, completed for a tool error)',
      TASK_FIELDS_MODERN,
      { status: 'completed', ttlMs: 60_000, pollIntervalMs: TASK_POLL_INTERVAL_MS },
    ],
  ])('says a task in the fields of %s', (_era, era, fields) => {
    expect(taskFields(TASK, era)).toEqual({ ...COMMON, ...fields });
  });

  it('keeps failed for a protocol error in both eras, and leaves out a missing status message', () => {
    const failed: ExecutionTask = {
      ...TASK,
      statusMessage: undefined,
      result: undefined,
      error: { code: -32603, message: 'x' },
    };
    for (const era of [TASK_FIELDS_2025, TASK_FIELDS_MODERN]) {
      const fields = taskFields(failed, era);
      expect(fields.status).toBe('failed');
      expect(fields).not.toHaveProperty('statusMessage');
    }
  });
});
