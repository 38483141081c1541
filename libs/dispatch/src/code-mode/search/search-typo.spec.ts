import { boundedEditDistance } from './search-typo';
import { SEARCH_WORK } from './search-work.meter';

/** The textbook optimal-string-alignment distance, every cell computed: what the bounded one must agree with. */
function referenceDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => i || j));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** A deterministic word over a small alphabet, so that random pairs are often near each other. */
function word(seed: number, length: number): string {
  let state = seed;
  let text = '';
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    text += 'abc'[(state >>> 16) % 3];
  }
  return text;
}

describe('boundedEditDistance', () => {
  it.each([
    ['shipment', 'shipment', 2, 0],
    ['shipmnet', 'shipment', 2, 1],
    ['shipmen', 'shipment', 2, 1],
    ['kitten', 'sitting', 3, 3],
    ['kitten', 'sitting', 2, 3],
    ['abc', 'abcdef', 2, 3],
    ['', 'ab', 2, 2],
    ['ca', 'ac', 1, 1],
  ])('%s → %s within %d is %d', (a, b, max, expected) => {
    expect(boundedEditDistance(a, b, max)).toBe(expected);
    expect(boundedEditDistance(b, a, max)).toBe(expected);
  });

  it('agrees with the full dynamic programme, capped at max + 1', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const a = word(seed, seed % 15);
      const b = word(seed * 7 + 3, (seed % 15) + ((seed >> 4) % 5) - 2);
      for (let max = 0; max <= 3; max++) {
        expect([a, b, max, boundedEditDistance(a, b, max)]).toEqual([
          a,
          b,
          max,
          Math.min(referenceDistance(a, b), max + 1),
        ]);
      }
    }
  });

  it('computes at most 2·max + 1 cells per row: a long word costs linear work, not quadratic', () => {
    for (const length of [1_000, 10_000]) {
      SEARCH_WORK.reset();
      expect(boundedEditDistance('a'.repeat(length), 'a'.repeat(length), 2)).toBe(0);
      expect(SEARCH_WORK.distanceCells).toBeLessThanOrEqual(5 * length);
    }
  });
});
