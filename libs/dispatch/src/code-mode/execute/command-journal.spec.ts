import { CommandJournal } from './command-journal';

function journalOf(outcomes: Array<[string, 'completed' | 'failed' | 'running', string?]>): CommandJournal {
  const journal = new CommandJournal();
  for (const [name, status, message] of outcomes) {
    const record = journal.start(name);
    if (status === 'completed') journal.complete(record);
    if (status === 'failed') journal.fail(record, new Error(message));
  }
  return journal;
}

describe('CommandJournal.describe', () => {
  it('says no data changed when no command was called', () => {
    expect(new CommandJournal().describe()).toMatch(/No command ran/);
  });

  it('lists each command in call order with its outcome', () => {
    const text = journalOf([
      ['command_PlaceOrder', 'completed'],
      ['command_ShipOrder', 'failed', 'already shipped'],
      ['command_CancelOrder', 'running'],
    ]).describe();
    expect(text.split('\n').slice(1)).toEqual([
      '1. command_PlaceOrder: completed (its change took effect)',
      '2. command_ShipOrder: failed (Error: already shipped)',
      '3. command_CancelOrder: still running when the execution stopped (its effect is unknown)',
    ]);
  });

  it('merges consecutive identical outcomes into one numbered range', () => {
    const loop = Array.from({ length: 200 }, () => ['command_AdjustStock', 'completed'] as [string, 'completed']);
    const text = journalOf([
      ...loop,
      ['command_AdjustStock', 'failed', 'limit'],
      ['command_AdjustStock', 'failed', 'limit'],
    ]).describe();
    expect(text.split('\n').slice(1)).toEqual([
      '1-200. command_AdjustStock ×200: completed (its change took effect)',
      '201-202. command_AdjustStock ×2: failed (Error: limit)',
    ]);
  });

  it('keeps failures with different errors apart', () => {
    const text = journalOf([
      ['command_ShipOrder', 'failed', 'a'],
      ['command_ShipOrder', 'failed', 'b'],
    ]).describe();
    expect(text.split('\n')).toHaveLength(3);
  });

  it('never says no data changed after a myko.rollback, which changes data outside the commands', () => {
    const journal = new CommandJournal();
    journal.noteRollback('ex_1', 'rolled_back');
    expect(journal.describe()).toBe('No command ran.\nRollbacks asked:\nmyko.rollback("ex_1"): rolled_back');
    journal.complete(journal.start('command_ShipOrder'));
    expect(journal.describe().split('\n').slice(-2)).toEqual([
      'Rollbacks asked:',
      'myko.rollback("ex_1"): rolled_back',
    ]);
  });
});
