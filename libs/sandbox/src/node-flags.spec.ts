import { NodeSnapshotFlagError } from './errors/node-snapshot-flag.error';
import { assertNoNodeSnapshotFlag, hasNoNodeSnapshotFlag } from './node-flags';

describe('node flags', () => {
  it.each([
    [['--no-node-snapshot'], '', true],
    [[], '--no-node-snapshot', true],
    [[], '--max-old-space-size=512  --no-node-snapshot', true],
    [['--inspect'], '--max-old-space-size=512', false],
    [[], '--no-node-snapshot-x', false],
    [[], '', false],
  ])('execArgv %j with NODE_OPTIONS %j → %s', (execArgv, nodeOptions, expected) => {
    expect(hasNoNodeSnapshotFlag(execArgv, nodeOptions)).toBe(expected);
  });

  it('fails with a message that says how to start Node', () => {
    expect(() => assertNoNodeSnapshotFlag([], '')).toThrow(NodeSnapshotFlagError);
    expect(() => assertNoNodeSnapshotFlag([], '')).toThrow(/--no-node-snapshot.*NODE_OPTIONS=--no-node-snapshot/);
  });

  it('sees the flag this test process was started with', () => {
    expect(() => assertNoNodeSnapshotFlag()).not.toThrow();
  });
});
