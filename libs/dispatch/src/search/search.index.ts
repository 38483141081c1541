import type { ClientFilters } from '@myko/filter';
import { OPERATION_KINDS, type OperationDescriptor, type OperationKind } from '@myko/registry';
import { SearchEntries } from './search-entries';
import { TopScores } from './search-ranking';
import type { OperationDetail, OperationSummary } from './search-result.interface';
import {
  buildSearchTables,
  lowerBound,
  lowerBoundIn,
  SCORE_EXACT_ID,
  SCORE_ID_PREFIX,
  type SearchTables,
} from './search-tables';
import { type OperationVisibility, VisibilityCache } from './search-visibility';

/** The token range one query word prefixes. */
interface WordRange {
  /** First and one-past-last term index of the tokens the word prefixes. */
  readonly lo: number;
  readonly hi: number;
  /** Index of the term equal to the word, or -1. */
  readonly exact: number;
  /** How many postings the range holds: the word's selectivity. */
  readonly postings: number;
}

/** One page of ranked matches and the number of every visible match. */
export interface SearchSelection {
  readonly indices: number[];
  readonly total: number;
}

/** A binary search in one operation's tokens costs about this many posting steps. */
const POSTINGS_PER_LOOKUP = 4;

/**
 * The search index over a fixed list of operations. A query word matches an operation when it is a
 * prefix of one of its tokens, so it selects a contiguous range of the sorted terms. The rarest word
 * gives the candidates; every other word narrows them, by walking its own postings when it is rare
 * or by a binary search in each candidate's sorted token ids when it is common. The survivors go
 * through a bounded heap that keeps only the requested page. Work is thus bounded by the words'
 * postings, never by a sort of every match, and nothing but the page is allocated: the scratch
 * arrays are shared (a search runs synchronously) and always left zeroed.
 */
export class SearchIndex {
  private readonly tables: SearchTables;
  private readonly kinds: Uint8Array;
  private readonly visibility: VisibilityCache;
  private readonly entries: SearchEntries;
  /** Per operation: the summed score of the words matched so far; 0 = not (or no longer) a candidate. */
  private readonly scores: Int32Array;
  /** Per operation: the current word's best score (narrowing by postings). */
  private readonly wordScores: Uint16Array;
  /** The candidates, `live[0, count)`. */
  private readonly live: Int32Array;
  private readonly top: TopScores;

  constructor(private readonly ops: readonly OperationDescriptor[]) {
    this.tables = buildSearchTables(ops);
    this.kinds = Uint8Array.from(ops, (op) => OPERATION_KINDS.indexOf(op.kind));
    this.visibility = new VisibilityCache(ops, this.kinds);
    this.entries = new SearchEntries(ops);
    this.scores = new Int32Array(ops.length);
    this.wordScores = new Uint16Array(ops.length);
    this.live = new Int32Array(ops.length);
    this.top = new TopScores(ops.length);
  }

  get size(): number {
    return this.ops.length;
  }

  /** The operations this index was built from, in index order. */
  get operations(): readonly OperationDescriptor[] {
    return this.ops;
  }

  /**
   * Indices of the visible operations matching every word (and the kind), best first: exact id,
   * then id prefix, then a word of the id, then description/argument matches; ties in index order.
   */
  match(words: readonly string[], kind: OperationKind | undefined, filters: ClientFilters): readonly number[] {
    if (words.length === 0) return this.visibility.of(filters).list(kindCode(kind));
    return this.select(words, kind, filters, 0, this.ops.length).indices;
  }

  /** `match(…).slice(offset, offset + limit)` and the length of `match(…)`, without ranking the rest. */
  select(
    words: readonly string[],
    kind: OperationKind | undefined,
    filters: ClientFilters,
    offset: number,
    limit: number,
  ): SearchSelection {
    const visibility = this.visibility.of(filters);
    if (words.length === 0) {
      const list = visibility.list(kindCode(kind));
      return { indices: list.slice(offset, offset + limit), total: list.length };
    }
    const ranges = words.map((word) => this.rangeOf(word)).sort((a, b) => a.postings - b.postings);
    if (ranges[0].postings === 0) return { indices: [], total: 0 };
    try {
      let count = this.collect(ranges[0]);
      for (let r = 1; r < ranges.length && count > 0; r++) count = this.narrow(count, ranges[r]);
      return this.rank(count, kindCode(kind), visibility, offset, limit);
    } catch (error) {
      this.scores.fill(0);
      this.wordScores.fill(0);
      throw error;
    }
  }

  operation(index: number): OperationDescriptor {
    return this.ops[index];
  }

  summary(index: number): OperationSummary {
    return this.entries.summary(index);
  }

  detail(index: number): OperationDetail {
    return this.entries.detail(index);
  }

  private rangeOf(word: string): WordRange {
    const { terms, termStart } = this.tables;
    const lo = lowerBound(terms, word);
    const hi = lowerBound(terms, `${word}\uffff`);
    const exact = lo < hi && terms[lo] === word ? lo : -1;
    return { lo, hi, exact, postings: termStart[hi] - termStart[lo] };
  }

  /** The operations the (most selective) word matches, into `live`, with their best score in `scores`. */
  private collect(range: WordRange): number {
    const { scores, live } = this;
    const { postingOps, postingScores, termStart } = this.tables;
    let count = 0;
    for (let t = range.lo; t < range.hi; t++) {
      const exact = t === range.exact;
      for (let p = termStart[t], stop = termStart[t + 1]; p < stop; p++) {
        const op = postingOps[p];
        const score = exact && postingScores[p] === SCORE_ID_PREFIX ? SCORE_EXACT_ID : postingScores[p];
        const current = scores[op];
        if (current === 0) live[count++] = op;
        if (score > current) scores[op] = score;
      }
    }
    return count;
  }

  /**
   * Keeps the candidates the word also matches, adding its score; the others' scores are cleared.
   * A rare word walks its own postings; a common one is looked up in each candidate's tokens.
   */
  private narrow(count: number, range: WordRange): number {
    const { scores, wordScores, live } = this;
    const byPostings = range.postings < count * POSTINGS_PER_LOOKUP;
    if (byPostings) this.scoreByPostings(range);
    let kept = 0;
    for (let k = 0; k < count; k++) {
      const op = live[k];
      const score = byPostings ? wordScores[op] : this.bestByLookup(op, range);
      if (score === 0) {
        scores[op] = 0;
      } else {
        wordScores[op] = 0;
        scores[op] += score;
        live[kept++] = op;
      }
    }
    return kept;
  }

  /** The word's best score per candidate (`scores[op] > 0`), into the `wordScores` scratch. */
  private scoreByPostings(range: WordRange): void {
    const { scores, wordScores } = this;
    const { postingOps, postingScores, termStart } = this.tables;
    for (let t = range.lo; t < range.hi; t++) {
      const exact = t === range.exact;
      for (let p = termStart[t], stop = termStart[t + 1]; p < stop; p++) {
        const op = postingOps[p];
        if (scores[op] === 0) continue;
        const score = exact && postingScores[p] === SCORE_ID_PREFIX ? SCORE_EXACT_ID : postingScores[p];
        if (score > wordScores[op]) wordScores[op] = score;
      }
    }
  }

  /** The word's best score for one operation, by binary search in the operation's sorted term ids. */
  private bestByLookup(op: number, range: WordRange): number {
    const { opTerms, opTermScores, opTermStart } = this.tables;
    const end = opTermStart[op + 1];
    let best = 0;
    for (let k = lowerBoundIn(opTerms, opTermStart[op], end, range.lo); k < end && opTerms[k] < range.hi; k++) {
      const score =
        opTerms[k] === range.exact && opTermScores[k] === SCORE_ID_PREFIX ? SCORE_EXACT_ID : opTermScores[k];
      if (score > best) best = score;
    }
    return best;
  }

  /**
   * Counts the candidates of the kind that the client may see and keeps the best `offset + limit`
   * in the heap, clearing `scores` on the way.
   */
  private rank(
    count: number,
    kind: number,
    visibility: OperationVisibility,
    offset: number,
    limit: number,
  ): SearchSelection {
    const { scores, live, kinds, top } = this;
    top.reset(Math.min(offset + limit, count));
    let total = 0;
    for (let k = 0; k < count; k++) {
      const op = live[k];
      const score = scores[op];
      scores[op] = 0;
      if ((kind < 0 || kinds[op] === kind) && visibility.isVisible(op)) {
        total++;
        top.offer(op, score);
      }
    }
    return { indices: top.drain(offset), total };
  }
}

/** Position of the kind in OPERATION_KINDS; -1 for every kind. */
function kindCode(kind: OperationKind | undefined): number {
  return kind === undefined ? -1 : OPERATION_KINDS.indexOf(kind);
}
