import type { ClientFilters } from '@myko/filter';
import { OPERATION_KINDS, type OperationDescriptor, type OperationKind } from '@myko/registry';
import type { QueryTerm } from './search.analyzer';
import { SearchEntries } from './search-entries';
import { TopScores } from './search-ranking';
import { buildSearchTables, findPosting, type SearchTables } from './search-tables';
import { type TermVariant, termVariants } from './search-term.matcher';
import { type OperationVisibility, VisibilityCache } from './search-visibility';

/**
 * What each matched query word adds before its BM25 impact: it dominates the impacts (a few units
 * each), so an operation matching more of the words ranks above one matching fewer, and BM25
 * orders those that match as many.
 */
export const WORD_MATCH = 25;
/** Added when the whole query is the operation's id or name: it comes first. */
export const EXACT_ID = 1_000_000;

/** A parsed query: its terms, and the whole query as an id would be written (`report_lowstock`). */
export interface SearchQuery {
  readonly terms: readonly QueryTerm[];
  readonly key: string;
}

/** One page of ranked matches, their scores, and the number of every visible match. */
export interface SearchSelection {
  readonly indices: number[];
  /** The score of each entry of `indices` (0 for every entry of a listing without words). */
  readonly scores: number[];
  readonly total: number;
  /** The indexed terms each query word stood for, as scored: what `coverage` reads again. */
  readonly variants: readonly (readonly TermVariant[])[];
}

/**
 * The search index over a fixed list of operations: BM25F ranking over weighted fields (see
 * `search-fields.ts`), any-word matching. Each query word stands for its stem, terms it prefixes
 * and near spellings (`search-term.matcher.ts`); per operation the word counts once, by its best
 * variant, as `quality × (WORD_MATCH + impact)`. The scratch arrays are shared (a search runs
 * synchronously) and always left zeroed; only the page and the word variants are allocated.
 */
export class SearchIndex {
  private readonly tables: SearchTables;
  private readonly kinds: Uint8Array;
  private readonly visibility: VisibilityCache;
  /** What a search answer says of each operation, built on first need. */
  readonly entries: SearchEntries;
  /** Per operation: the score so far, and the current word's best contribution. */
  private readonly scores: Float64Array;
  private readonly wordBest: Float64Array;
  /** Operations with a score, and those the current word reached. */
  private readonly touched: Int32Array;
  private readonly wordTouched: Int32Array;
  private readonly top: TopScores;

  constructor(private readonly ops: readonly OperationDescriptor[]) {
    this.tables = buildSearchTables(ops);
    this.kinds = Uint8Array.from(ops, (op) => OPERATION_KINDS.indexOf(op.kind));
    this.visibility = new VisibilityCache(ops, this.kinds);
    this.entries = new SearchEntries(ops);
    this.scores = new Float64Array(ops.length);
    this.wordBest = new Float64Array(ops.length);
    this.touched = new Int32Array(ops.length);
    this.wordTouched = new Int32Array(ops.length);
    this.top = new TopScores(ops.length);
  }

  get size(): number {
    return this.ops.length;
  }

  /** The operations this index was built from, in index order. */
  get operations(): readonly OperationDescriptor[] {
    return this.ops;
  }

  /** Every visible operation matching any word (and the kind), best first; with no words, all visible in index order. */
  match(terms: readonly QueryTerm[], kind: OperationKind | undefined, filters: ClientFilters): readonly number[] {
    if (terms.length === 0) return this.visibility.of(filters).list(kindCode(kind));
    return this.select({ terms, key: '' }, kind, filters, 0, this.ops.length).indices;
  }

  /**
   * `match(…).slice(offset, offset + limit)` and the length of `match(…)`, without ranking the rest.
   * `loose` widens typo tolerance and prefixes, for suggestions after nothing matched.
   */
  select(
    query: SearchQuery,
    kind: OperationKind | undefined,
    filters: ClientFilters,
    offset: number,
    limit: number,
    loose = false,
  ): SearchSelection {
    const visibility = this.visibility.of(filters);
    const exact = this.tables.exactIds.get(query.key);
    if (query.terms.length === 0 && !exact) {
      const list = visibility.list(kindCode(kind));
      const indices = list.slice(offset, offset + limit);
      return { indices, scores: new Array<number>(indices.length).fill(0), total: list.length, variants: [] };
    }
    const variants = query.terms.map((term) => termVariants(this.tables, term, loose));
    let touched = 0;
    for (const word of variants) touched = this.scoreWord(word, touched);
    for (const op of exact ?? []) {
      if (this.scores[op] === 0) this.touched[touched++] = op;
      this.scores[op] += EXACT_ID;
    }
    const { indices, scores, total } = this.rank(touched, kindCode(kind), visibility, offset, limit);
    return { indices, scores, total, variants };
  }

  /**
   * How well operation `op` matched the words of a selection: over the words, the match quality
   * (1 for the word or its stem, less for a prefix or a typo) of the variant that gave it its
   * contribution, summed. Its score minus `WORD_MATCH ×` this (and `EXACT_ID` for an exact id) is
   * its BM25 evidence. Looked up in the postings afterwards, for the few entries a page may show
   * in full, so that scoring pays nothing for it.
   */
  coverage(op: number, variants: SearchSelection['variants']): number {
    const { impacts } = this.tables;
    let sum = 0;
    for (const word of variants) {
      let best = 0;
      let quality = 0;
      for (const variant of word) {
        const p = findPosting(this.tables, variant.term, op);
        const value = p < 0 ? 0 : variant.quality * (WORD_MATCH + impacts[p]);
        if (value > best) {
          best = value;
          quality = variant.quality;
        }
      }
      sum += quality;
    }
    return sum;
  }

  /** The visible operations whose id, name or `kind:id` is `key` (lowercased), in kind order. */
  exact(key: string, filters: ClientFilters): number[] {
    const visibility = this.visibility.of(filters);
    return (this.tables.exactIds.get(key) ?? []).filter((op) => visibility.isVisible(op));
  }

  operation(index: number): OperationDescriptor {
    return this.ops[index];
  }

  /** Adds one word's best contribution per operation to `scores`; returns the new count of touched operations. */
  private scoreWord(variants: readonly TermVariant[], touchedSoFar: number): number {
    const { termStart, postingOps, impacts } = this.tables;
    const { scores, wordBest, touched, wordTouched } = this;
    let reached = 0;
    for (const { term: t, quality } of variants) {
      for (let p = termStart[t], end = termStart[t + 1]; p < end; p++) {
        const op = postingOps[p];
        const value = quality * (WORD_MATCH + impacts[p]);
        const best = wordBest[op];
        if (best === 0) wordTouched[reached++] = op;
        if (value > best) wordBest[op] = value;
      }
    }
    let count = touchedSoFar;
    for (let k = 0; k < reached; k++) {
      const op = wordTouched[k];
      if (scores[op] === 0) touched[count++] = op;
      scores[op] += wordBest[op];
      wordBest[op] = 0;
    }
    return count;
  }

  /** Keeps the visible touched operations of the kind, best first (ties in index order), and clears `scores`. */
  private rank(touched: number, kind: number, visibility: OperationVisibility, offset: number, limit: number) {
    const { scores, kinds, top } = this;
    top.reset(offset + limit);
    let total = 0;
    for (let k = 0; k < touched; k++) {
      const op = this.touched[k];
      const score = scores[op];
      scores[op] = 0;
      if ((kind >= 0 && kinds[op] !== kind) || !visibility.isVisible(op)) continue;
      total++;
      top.offer(op, score);
    }
    const ranked: number[] = [];
    return { indices: top.drain(offset, ranked), scores: ranked, total };
  }
}

/** Position of the kind in OPERATION_KINDS; -1 for every kind. */
function kindCode(kind: OperationKind | undefined): number {
  return kind === undefined ? -1 : OPERATION_KINDS.indexOf(kind);
}
