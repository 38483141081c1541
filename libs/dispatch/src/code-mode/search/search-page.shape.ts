import { EXACT_ID, type SearchSelection, WORD_MATCH } from './search.index';

/**
 * An entry is confident when it matched the query words as well as the best one and has at least
 * this share of the best one's BM25 evidence (its score without the per-word constant): the raw
 * score is mostly that constant, so "cancel an order" scores 53-55 on six operations while the
 * evidence tells CancelOrder (5.3) from ShipOrder, which only mentions cancelled orders (4.0).
 */
export const CONFIDENT_EVIDENCE = 0.9;
/** More confident entries than this and the ranking cannot tell them apart: none is shown in full. */
export const MAX_CONFIDENT = 3;
/** Entries of the first page scoring below this share of the best score are left to the next pages… */
export const RELEVANCE_FLOOR = 0.6;
/** …except the first few, so that a near miss of the ranking is still in sight. */
export const MIN_SHOWN = 3;
/** The most entries a first page shows, however many pass the floor: a broad query pages with its cursor. */
export const MAX_SHOWN = 5;
/** Match qualities a confident entry may lack against the best one (rounding, not a missed word). */
const COVERAGE_SLACK = 0.01;

/** How much of a ranked page to show: the first `confident` entries in full, one line each up to `shown`. */
export interface PageShape {
  readonly confident: number;
  readonly shown: number;
}

/**
 * The shape of the first page of a ranked search, best first: an exact id (or name) alone, in
 * full; otherwise the entries down to the relevance floor, the confident ones in full. `coverage`
 * tells how well the k-th entry matched the words (`SearchIndex.coverage`); it is asked of the
 * first MAX_CONFIDENT + 1 entries at most. Later pages and listings without words are not shaped
 * (`unshaped`).
 */
export function shapeFirstPage({ scores }: SearchSelection, coverage: (k: number) => number): PageShape {
  const count = scores.length;
  if (count === 0) return { confident: 0, shown: 0 };
  const best = scores[0];
  if (best >= EXACT_ID) {
    let exact = 1;
    while (exact < count && scores[exact] >= EXACT_ID) exact++;
    return { confident: exact, shown: exact };
  }
  let shown = Math.min(count, MIN_SHOWN);
  while (shown < count && shown < MAX_SHOWN && scores[shown] >= RELEVANCE_FLOOR * best) shown++;
  const words = coverage(0);
  const least = CONFIDENT_EVIDENCE * (best - WORD_MATCH * words);
  const isClose = (k: number, matched: number) =>
    matched >= words - COVERAGE_SLACK && scores[k] - WORD_MATCH * matched >= least;
  let close = 1;
  while (close < shown && close <= MAX_CONFIDENT && isClose(close, coverage(close))) close++;
  return { confident: close <= MAX_CONFIDENT ? close : 0, shown };
}

/** Every entry of the page, one line each. */
export function unshaped({ scores }: SearchSelection): PageShape {
  return { confident: 0, shown: scores.length };
}

/**
 * Whether the entry after the `confident` ones is a rival worth its line in a sure section: it matched
 * as many of the query's words as the best one. One that matched fewer ("SetProductCategory" for
 * "stock value by category") is what the cursor's next page is for, not a line every agent reads.
 */
export function isRival(coverage: (k: number) => number, confident: number): boolean {
  return coverage(confident) >= coverage(0) - COVERAGE_SLACK;
}
