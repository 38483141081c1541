import stem from 'wink-porter2-stemmer';
import { camelCaseParts, textWords } from './search.tokenizer';
import { STOP_WORDS } from './search-stop-words';
import { MAX_FUZZY_WORD_LENGTH } from './search-typo';
import { SEARCH_WORK } from './search-work.meter';
import { StemCache } from './stem.cache';

/** At most this many distinct words of a query are used; the rest of a pasted paragraph is ignored. */
export const MAX_QUERY_TERMS = 16;

/** Stems computed so far, bounded: queries repeat the domain's few hundred words, which stay cached. */
const STEMS = new StemCache(20_000);

/** One query word as typed (lowercased) and its English stem. */
export interface QueryTerm {
  readonly raw: string;
  readonly stem: string;
}

/**
 * The Porter2 (Snowball English) stem of a lowercase word: `cancelling` → `cancel`, `orders` →
 * `order`. Numbers, and words longer than MAX_FUZZY_WORD_LENGTH, are their own stem: the stemmer's
 * regular expressions backtrack, quadratic in a word's length (10,000 letters took over a second).
 */
export function stemOf(word: string): string {
  if (word.length > MAX_FUZZY_WORD_LENGTH) return word;
  let stemmed = STEMS.get(word);
  if (stemmed === undefined) {
    if (word.length > SEARCH_WORK.longestStemmedWord) SEARCH_WORK.longestStemmedWord = word.length;
    stemmed = /^\p{N}+$/u.test(word) ? word : stem(word);
    STEMS.set(word, stemmed);
  }
  return stemmed;
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** Stems of the non-stop words of free text, with the surface word each came from. */
export function analyzeText(text: string): QueryTerm[] {
  return textWords(text)
    .filter((word) => !STOP_WORDS.has(word))
    .map((raw) => ({ raw, stem: stemOf(raw) }));
}

/** Stems of the camelCase parts of an identifier: `listStockMovements` → `list`, `stock`, `movement`. */
export function analyzeIdentifier(identifier: string): QueryTerm[] {
  return camelCaseParts(identifier)
    .filter((part) => !STOP_WORDS.has(part))
    .map((raw) => ({ raw, stem: stemOf(raw) }));
}

/**
 * The distinct terms of a query, by stem: words split on punctuation and on camelCase
 * (`LowStock` → `low`, `stock`), stop words dropped, the first MAX_QUERY_TERMS; the words after
 * them are not analyzed at all.
 */
export function queryTerms(query: string | undefined): QueryTerm[] {
  if (!query) return [];
  const terms = new Map<string, QueryTerm>();
  for (const word of query.split(/[^\p{L}\p{N}]+/u)) {
    for (const term of analyzeIdentifier(word)) {
      if (!terms.has(term.stem)) terms.set(term.stem, term);
      if (terms.size >= MAX_QUERY_TERMS) return [...terms.values()];
    }
  }
  return [...terms.values()];
}

/** The query as an id or name would be typed: trimmed, lowercased (`report_LowStock`, `lowstock`). */
export function queryKey(query: string | undefined): string {
  return (query ?? '').trim().toLowerCase();
}
