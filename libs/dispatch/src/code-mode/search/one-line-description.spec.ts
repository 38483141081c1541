import { descriptionClauses, SENTENCE_ENDS } from './description-clauses';
import { oneLineDescription } from './one-line-description';

describe('descriptionClauses', () => {
  it('cuts after separators outside brackets and quotes, never after an abbreviation', () => {
    expect(descriptionClauses('Page size, 1-500 (default, 100). Next', ',.')).toEqual([
      'Page size, ',
      '1-500 (default, 100). ',
      'Next',
    ]);
    expect(descriptionClauses('Code, e.g. BER. Then "a. b" more.', SENTENCE_ENDS)).toEqual([
      'Code, e.g. BER. ',
      'Then "a. b" more.',
    ]);
  });
});

describe('oneLineDescription', () => {
  it('is the first sentence, cut at a word with an ellipsis past the bound', () => {
    expect(oneLineDescription('Cancel an order, e.g. a late one. Cannot be undone.')).toBe(
      'Cancel an order, e.g. a late one.',
    );
    expect(oneLineDescription('Orders of a customer,\n newest first')).toBe('Orders of a customer, newest first');
    const long = `Page through orders, filtered by ${'status, '.repeat(20)}or day.`;
    const line = oneLineDescription(long, 60) as string;
    expect(line.length).toBeLessThanOrEqual(60);
    expect(line).toMatch(/^Page through orders, filtered by status(, status)*…$/);
    expect(oneLineDescription('  ')).toBeUndefined();
  });
});
