import type { QueryTerm } from './search.analyzer';
import { lowerBound, type SearchTables, surfaceShape } from './search-tables';
import { allowedEdits, boundedEditDistance, MAX_FUZZY_WORD_LENGTH } from './search-typo';

/** How much a query word counts by how it matched an indexed term: its stem, a prefix of one, a near spelling. */
export const MATCH_QUALITY = Object.freeze({ exact: 1, prefix: 0.7, typo: 0.6, loose: 0.4 });

/** Query words shorter than this match only whole terms (a one-letter prefix matches everything). */
const MIN_PREFIX_LENGTH = 3;
/** A prefix expands to at most this many terms, in term order, so a short prefix stays cheap. */
const MAX_PREFIX_TERMS = 64;

/** One indexed term a query word matches, and how well. */
export interface TermVariant {
  readonly term: number;
  readonly quality: number;
}

/**
 * The indexed terms one query word stands for. Normally: its stem, terms it is a prefix of (for
 * words of 3+ letters) and, when its stem is not indexed at all, words within `allowedEdits` of it
 * (same first letter: typos rarely hit it, and it keeps the scan to a slice of the vocabulary). A
 * word longer than MAX_FUZZY_WORD_LENGTH stands only for its stem and the terms it prefixes.
 * `loose` (used only to find suggestions after nothing matched) allows one more edit and prefixes
 * of the word's first letters.
 */
export function termVariants(tables: SearchTables, word: QueryTerm, loose = false): TermVariant[] {
  const variants = new Map<number, number>();
  const add = (term: number, quality: number) => {
    if ((variants.get(term) ?? 0) < quality) variants.set(term, quality);
  };
  const exact = findTerm(tables.terms, word.stem);
  if (exact >= 0) add(exact, MATCH_QUALITY.exact);
  const rawTerm = word.raw === word.stem ? -1 : findTerm(tables.terms, word.raw);
  if (rawTerm >= 0) add(rawTerm, MATCH_QUALITY.exact);
  if (word.raw.length >= MIN_PREFIX_LENGTH) addPrefixed(tables.terms, word.stem, MATCH_QUALITY.prefix, add);
  if (exact < 0 && rawTerm < 0 && word.raw.length <= MAX_FUZZY_WORD_LENGTH) {
    const edits = allowedEdits(word.raw.length) + (loose && word.raw.length >= 4 ? 1 : 0);
    if (edits > 0) addNearSpellings(tables, word.raw, edits, loose ? MATCH_QUALITY.loose : MATCH_QUALITY.typo, add);
    if (loose && word.raw.length > MIN_PREFIX_LENGTH + 1) {
      addPrefixed(tables.terms, word.raw.slice(0, word.raw.length - 2), MATCH_QUALITY.loose, add);
    }
  }
  return [...variants].map(([term, quality]) => ({ term, quality }));
}

function findTerm(terms: readonly string[], value: string): number {
  const at = lowerBound(terms, value);
  return at < terms.length && terms[at] === value ? at : -1;
}

function addPrefixed(terms: readonly string[], prefix: string, quality: number, add: (t: number, q: number) => void) {
  const lo = lowerBound(terms, prefix);
  const hi = Math.min(lowerBound(terms, `${prefix}\uffff`), lo + MAX_PREFIX_TERMS);
  for (let t = lo; t < hi; t++) if (terms[t] !== prefix) add(t, quality);
}

function addNearSpellings(
  tables: SearchTables,
  word: string,
  edits: number,
  quality: number,
  add: (t: number, q: number) => void,
): void {
  const { surfaces, surfaceTerm, surfacesByShape } = tables;
  for (let length = Math.max(MIN_PREFIX_LENGTH, word.length - edits); length <= word.length + edits; length++) {
    for (const s of surfacesByShape.get(surfaceShape(word[0], length)) ?? []) {
      const distance = boundedEditDistance(word, surfaces[s], edits);
      if (distance <= edits) add(surfaceTerm[s], quality / Math.max(1, distance));
    }
  }
}
