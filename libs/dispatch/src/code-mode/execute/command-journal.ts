/** What became of one command called during an `execute` run. */
export interface CommandRecord {
  readonly name: string;
  status: 'running' | 'completed' | 'failed' | 'interrupted';
  /** `ErrorName: message` of a failed command, as the script saw it. */
  error?: string;
}

/**
 * The commands an `execute` run called, in call order, so a failure report can tell the model
 * which changes took effect. A command still `running` when the run stopped has an unknown effect.
 */
export class CommandJournal {
  private readonly records: CommandRecord[] = [];
  /** `myko.rollback` calls, `executionId: outcome`: their compensations changed data outside these records. */
  private readonly rollbacks: string[] = [];

  start(name: string): CommandRecord {
    const record: CommandRecord = { name, status: 'running' };
    this.records.push(record);
    return record;
  }

  complete(record: CommandRecord): void {
    record.status = 'completed';
  }

  fail(record: CommandRecord, error: Error): void {
    record.status = 'failed';
    record.error = `${error.name}: ${error.message}`;
  }

  /** Stopped waiting for it (cancellation, time limit): it may still take effect. */
  interrupt(record: CommandRecord): void {
    record.status = 'interrupted';
  }

  /** A `myko.rollback(executionId)` the script asked for, and how it ended (kept apart: it has no approval place). */
  noteRollback(executionId: string, outcome: string): void {
    this.rollbacks.push(`myko.rollback(${JSON.stringify(executionId)}): ${outcome}`);
  }

  get entries(): readonly CommandRecord[] {
    return this.records;
  }

  /** One paragraph for the failure report. */
  describe(): string {
    const rollbacks = this.rollbacks.length === 0 ? '' : `\nRollbacks asked:\n${this.rollbacks.join('\n')}`;
    if (this.records.length === 0)
      return rollbacks ? `No command ran.${rollbacks}` : 'No command ran, so no data changed.';
    const lines = groupRuns(this.records).map(({ first, count, record }) => {
      const position = count === 1 ? `${first + 1}.` : `${first + 1}-${first + count}.`;
      const times = count === 1 ? '' : ` ×${count}`;
      return `${position} ${record.name}${times}: ${describeRecord(record)}`;
    });
    return `Commands run, in order:\n${lines.join('\n')}${rollbacks}`;
  }
}

interface RecordRun {
  first: number;
  count: number;
  record: CommandRecord;
}

/** A loop of 200 identical commands is one line, not 200: consecutive records with the same outcome merge. */
function groupRuns(records: readonly CommandRecord[]): RecordRun[] {
  const runs: RecordRun[] = [];
  records.forEach((record, i) => {
    const last = runs[runs.length - 1];
    const same = last && last.record.name === record.name && last.record.status === record.status;
    if (same && last.record.error === record.error) last.count++;
    else runs.push({ first: i, count: 1, record });
  });
  return runs;
}

function describeRecord(record: CommandRecord): string {
  switch (record.status) {
    case 'completed':
      return 'completed (its change took effect)';
    case 'failed':
      return `failed (${record.error})`;
    default:
      return 'still running when the execution stopped (its effect is unknown)';
  }
}
