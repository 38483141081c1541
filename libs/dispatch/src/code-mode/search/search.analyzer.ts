import stem from 'wink-porter2-stemmer';
import { camelCaseParts, textWords } from './search.tokenizer';
import { STOP_WORDS } from './search-stop-words';

/** At most this many distinct words of a query are used; the rest of a pasted paragraph is ignored. */
export const MAX_QUERY_TERMS = 16;

/** Stems computed so far; queries repeat the domain's few hundred words, so the cache stays small. */
const STEMS = new Map<string, string>();
const MAX_CACHED_STEMS = 50_000;

/** One query word as typed (lowercased) and its English stem. */
export interface QueryTerm {
  readonly raw: string;
  readonly stem: string;
}

/** The Porter2 (Snowball English) stem of a lowercase word: `cancelling` → `cancel`, `orders` → `order`. */
export function stemOf(word: string): string {
  let stemmed = STEMS.get(word);
  if (stemmed === undefined) {
    stemmed = /^\p{N}+$/u.test(word) ? word : stem(word);
    if (STEMS.size < MAX_CACHED_STEMS) STEMS.set(word, stemmed);
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
 * (`LowStock` → `low`, `stock`), stop words dropped, at most MAX_QUERY_TERMS.
 */
export function queryTerms(query: string | undefined): QueryTerm[] {
  if (!query) return [];
  const terms = new Map<string, QueryTerm>();
  for (const word of query.split(/[^\p{L}\p{N}]+/u)) {
    for (const term of analyzeIdentifier(word)) {
      if (terms.size >= MAX_QUERY_TERMS) break;
      if (!terms.has(term.stem)) terms.set(term.stem, term);
    }
  }
  return [...terms.values()];
}

/** The query as an id or name would be typed: trimmed, lowercased (`report_LowStock`, `lowstock`). */
export function queryKey(query: string | undefined): string {
  return (query ?? '').trim().toLowerCase();
}
