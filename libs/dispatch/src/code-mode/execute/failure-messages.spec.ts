import type { SandboxFailureKind } from '@myko/sandbox';
import { describeFailure } from './failure-messages';

const KINDS: SandboxFailureKind[] = [
  'syntax',
  'script',
  'timeout',
  'cpu',
  'memory',
  'call-limit',
  'argument-size',
  'result-size',
  'cancelled',
  'queue-full',
  'internal',
];

describe('describeFailure', () => {
  it('gives every failure kind its own headline', () => {
    const headlines = KINDS.map((kind) => describeFailure({ kind, name: 'E', message: 'm' }).split('\n')[0]);
    expect(new Set(headlines).size).toBe(KINDS.length);
  });

  it("names the error, its message and the line in the user's code", () => {
    const text = describeFailure({ kind: 'script', name: 'TypeError', message: 'x is undefined', line: 4, column: 2 });
    expect(text).toContain('TypeError: x is undefined (line 4, column 2 of your code)');
  });

  it('adds the preview of an oversized result', () => {
    const text = describeFailure({
      kind: 'result-size',
      name: 'ResultSizeError',
      message: 'too big',
      preview: '[{"a"',
    });
    expect(text).toContain('Start of the value: [{"a"');
  });

  it('never shows the message of an internal failure', () => {
    const text = describeFailure({ kind: 'internal', name: 'Error', message: 'EACCES /srv/keys' });
    expect(text).not.toContain('EACCES');
    expect(text).toContain('Internal error');
  });
});
