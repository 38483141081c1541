import { EXACT_ID, type SearchSelection, WORD_MATCH } from './search.index';
import {
  CONFIDENT_EVIDENCE,
  MAX_CONFIDENT,
  MAX_SHOWN,
  MIN_SHOWN,
  RELEVANCE_FLOOR,
  shapeFirstPage,
  unshaped,
} from './search-page.shape';

/** A ranked page from (words matched, BM25 evidence) pairs, best first, and how well each matched. */
function page(...entries: [number, number][]): [SearchSelection, (k: number) => number] {
  const selection = {
    indices: entries.map((_, i) => i),
    scores: entries.map(([words, evidence]) => WORD_MATCH * words + evidence),
    total: entries.length + 10,
    variants: [],
  };
  return [selection, (k) => entries[k][0]];
}

const shape = (...entries: [number, number][]) => shapeFirstPage(...page(...entries));

describe('shapeFirstPage', () => {
  it('shows in full only the entries matching as well as the best with most of its evidence', () => {
    const best = 5;
    const close = best * CONFIDENT_EVIDENCE;
    expect(shape([2, best], [2, close - 0.1], [2, 1], [2, 0])).toEqual({ confident: 1, shown: 4 });
    expect(shape([2, best], [2, close], [1, best])).toEqual({ confident: 2, shown: 3 });
    expect(shape([2, best], [1.6, best])).toEqual({ confident: 1, shown: 2 });
  });

  it('shows none in full when more entries than MAX_CONFIDENT tie', () => {
    const ties = Array.from({ length: MAX_CONFIDENT + 1 }, (): [number, number] => [1, 1.5]);
    expect(shape(...ties)).toEqual({ confident: 0, shown: MAX_CONFIDENT + 1 });
    expect(shape(...ties.slice(1))).toEqual({ confident: MAX_CONFIDENT, shown: MAX_CONFIDENT });
  });

  it('leaves entries under the relevance floor to the next page, past the first MIN_SHOWN', () => {
    const weak: [number, number] = [1, 0];
    const best: [number, number] = [3, 10];
    expect(WORD_MATCH * 1).toBeLessThan(RELEVANCE_FLOOR * (WORD_MATCH * 3 + 10));
    const shaped = shape(best, ...Array.from({ length: 8 }, () => weak));
    expect(shaped).toEqual({ confident: 1, shown: MIN_SHOWN });
    expect(shape(best, weak)).toEqual({ confident: 1, shown: 2 });
  });

  it('shows at most MAX_SHOWN entries on the first page, however many pass the floor', () => {
    const alike = Array.from({ length: MAX_SHOWN + 4 }, (): [number, number] => [2, 3]);
    expect(shape(...alike).shown).toBe(MAX_SHOWN);
  });

  it('answers an exact id (or every kind having that id) alone, in full', () => {
    const [exact, coverage] = page([1, 3], [1, 3], [1, 3]);
    exact.scores[0] += EXACT_ID;
    expect(shapeFirstPage(exact, coverage)).toEqual({ confident: 1, shown: 1 });
    exact.scores[1] += EXACT_ID;
    expect(shapeFirstPage(exact, coverage)).toEqual({ confident: 2, shown: 2 });
    expect(shape()).toEqual({ confident: 0, shown: 0 });
  });

  it('shows later pages and listings one line per entry, without a floor', () => {
    expect(unshaped(page([3, 10], [1, 0], [1, 0])[0])).toEqual({ confident: 0, shown: 3 });
  });
});
