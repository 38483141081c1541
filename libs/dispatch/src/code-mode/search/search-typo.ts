import { SEARCH_WORK } from './search-work.meter';

/**
 * Words longer than this are neither stemmed nor matched with typos, only exactly or as a prefix:
 * no English word a query means is this long, and it bounds the stemmer's and the typo scan's work.
 */
export const MAX_FUZZY_WORD_LENGTH = 32;

/**
 * Light typo tolerance: how many edits a query word of this length may be away from an indexed
 * word. Short words get none (too many near neighbours: `ship`/`shop`), longer ones one, long ones
 * two; words past MAX_FUZZY_WORD_LENGTH none.
 */
export function allowedEdits(length: number): number {
  if (length > MAX_FUZZY_WORD_LENGTH) return 0;
  if (length >= 9) return 2;
  return length >= 5 ? 1 : 0;
}

/**
 * Optimal-string-alignment distance (insertions, deletions, substitutions, adjacent
 * transpositions) between two words when it is at most `max`, else `max + 1`. Only the band of
 * cells within `max` of the diagonal is computed (any cell outside it is already more than `max`
 * edits away), and the programme stops at the first row whose band exceeds `max`: at most
 * (2·max + 1) cells per letter of `a`, linear in the words' length.
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  const far = max + 1;
  let previous2 = new Int32Array(m + 1).fill(far);
  let previous = new Int32Array(m + 1).fill(far);
  let row = new Int32Array(m + 1).fill(far);
  for (let j = 0; j <= Math.min(m, max); j++) previous[j] = j;
  for (let i = 1; i <= n; i++) {
    const lo = Math.max(1, i - max);
    const hi = Math.min(m, i + max);
    row[lo - 1] = lo === 1 ? Math.min(i, far) : far;
    if (hi < m) row[hi + 1] = far;
    let best = row[lo - 1];
    for (let j = lo; j <= hi; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        value = Math.min(value, previous2[j - 2] + 1);
      }
      row[j] = value;
      if (value < best) best = value;
    }
    SEARCH_WORK.distanceCells += hi - lo + 1;
    if (best > max) return far;
    [previous2, previous, row] = [previous, row, previous2];
  }
  return Math.min(previous[m], far);
}
