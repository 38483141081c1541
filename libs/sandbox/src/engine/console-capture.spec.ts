import { ConsoleCapture, cutToBytes } from './console-capture';

describe('ConsoleCapture', () => {
  it('joins `[level] text` lines and ignores malformed writes', () => {
    const capture = new ConsoleCapture(100);
    expect(capture.write('log', 'a')).toBe(true);
    expect(capture.write('nope', 'b')).toBe(true);
    expect(capture.write('warn', 42)).toBe(true);
    expect(capture.write('error', 'c')).toBe(true);
    expect(capture.snapshot()).toEqual({ text: '[log] a\n[error] c', truncated: false });
  });

  it('keeps exactly maxBytes of UTF-8, never half a character, then refuses more', () => {
    const capture = new ConsoleCapture(12);
    expect(capture.write('log', 'ab')).toBe(true);
    expect(capture.write('log', 'éé')).toBe(false);
    expect(capture.write('log', 'more')).toBe(false);
    const { text, truncated } = capture.snapshot();
    expect(text).toBe('[log] ab\n[lo');
    expect(Buffer.byteLength(text)).toBe(12);
    expect(truncated).toBe(true);
  });

  it('cuts multi-byte text on a character boundary', () => {
    expect(cutToBytes('aé€', 1)).toBe('a');
    expect(cutToBytes('aé€', 2)).toBe('a');
    expect(cutToBytes('aé€', 3)).toBe('aé');
    expect(cutToBytes('aé€', 5)).toBe('aé');
    expect(cutToBytes('aé€', 6)).toBe('aé€');
  });
});
