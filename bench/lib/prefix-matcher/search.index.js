Object.defineProperty(exports, '__esModule', { value: true });
exports.SearchIndex = void 0;
const registry_1 = require('../dist').load('libs/registry/src');
const search_bits_1 = require('./search-bits');
const search_entries_1 = require('./search-entries');
const search_ranking_1 = require('./search-ranking');
const search_tables_1 = require('./search-tables');
const search_visibility_1 = require('./search-visibility');
/** Scanning one match's id terms costs about this many id-posting steps (measured at 10k operations). */
const LOOKUP_COST = 4;
/**
 * The search index over a fixed list of operations. A query word matches an operation when it is a
 * prefix of one of its tokens, so it selects a contiguous range of the sorted terms.
 *
 * Matching is done on bitsets: each word's set (common terms' bitsets OR-ed, rare terms' postings
 * set), intersected, masked by kind and visibility, counted. Ranking needs no per-match work
 * either: a word scores SCORE_TEXT unless it hits the operation's id, so every match without an id
 * hit has the same score (one per word) and ranks in index order, after those that have one. Only
 * those are scored, from the id postings, in a bounded heap that keeps the requested page. Per call
 * only the word ranges and the page are allocated; the scratch arrays are shared (a search runs
 * synchronously) and always left zeroed.
 */
class SearchIndex {
  constructor(ops) {
    this.ops = ops;
    this.tables = search_tables_1.buildSearchTables(ops);
    const { words } = this.tables;
    const kinds = Uint8Array.from(ops, (op) => registry_1.OPERATION_KINDS.indexOf(op.kind));
    this.kindBits = new Uint32Array(words * registry_1.OPERATION_KINDS.length);
    kinds.forEach((kind, op) => {
      this.kindBits[kind * words + (op >>> 5)] |= 1 << (op & 31);
    });
    this.visibility = new search_visibility_1.VisibilityCache(ops, kinds);
    this.entries = new search_entries_1.SearchEntries(ops);
    this.matched = new Uint32Array(words);
    this.wordBits = new Uint32Array(words);
    this.wordScores = new Uint16Array(ops.length);
    this.bonus = new Int32Array(ops.length);
    this.boosted = new Int32Array(ops.length);
    this.touched = new Int32Array(ops.length);
    this.top = new search_ranking_1.TopScores(ops.length);
  }
  get size() {
    return this.ops.length;
  }
  /** The operations this index was built from, in index order. */
  get operations() {
    return this.ops;
  }
  /**
   * Indices of the visible operations matching every word (and the kind), best first: exact id,
   * then id prefix, then a word of the id, then description/argument matches; ties in index order.
   */
  match(words, kind, filters) {
    if (words.length === 0) return this.visibility.of(filters).list(kindCode(kind));
    return this.select(words, kind, filters, 0, this.ops.length).indices;
  }
  /** `match(…).slice(offset, offset + limit)` and the length of `match(…)`, without ranking the rest. */
  select(words, kind, filters, offset, limit) {
    const visibility = this.visibility.of(filters);
    if (words.length === 0) {
      const list = visibility.list(kindCode(kind));
      return { indices: list.slice(offset, offset + limit), total: list.length };
    }
    const ranges = words.map((word) => this.rangeOf(word));
    const total = this.matchAll(ranges, kindCode(kind), visibility);
    if (total === 0) return { indices: [], total };
    const boosted = this.scoreIdHits(ranges, total);
    return { indices: this.page(boosted, ranges.length, Math.min(offset + limit, total), offset), total };
  }
  operation(index) {
    return this.ops[index];
  }
  summary(index) {
    return this.entries.summary(index);
  }
  detail(index) {
    return this.entries.detail(index);
  }
  rangeOf(word) {
    const { terms } = this.tables;
    const lo = search_tables_1.lowerBound(terms, word);
    const hi = search_tables_1.lowerBound(terms, `${word}\uffff`);
    return { lo, hi, exact: lo < hi && terms[lo] === word ? lo : -1 };
  }
  /** Leaves in `matched` the operations of the kind that every word matches and the client sees; counts them. */
  matchAll(ranges, kind, visibility) {
    const { matched, wordBits } = this;
    for (let r = 0; r < ranges.length; r++) {
      const into = r === 0 ? matched : wordBits;
      this.wordSet(ranges[r], into);
      if (r > 0 && !search_bits_1.intersect(matched, wordBits)) return 0;
    }
    if (kind >= 0 && !search_bits_1.intersect(matched, this.kindBits, kind * this.tables.words)) return 0;
    visibility.restrict(matched);
    return search_bits_1.countBits(matched);
  }
  /** The operations one word matches: the union of its terms' sets. */
  wordSet(range, into) {
    const { termStart, postingOps, bitsetAt, bitsets } = this.tables;
    into.fill(0);
    for (let t = range.lo; t < range.hi; t++) {
      const at = bitsetAt[t];
      if (at < 0) {
        search_bits_1.setBits(into, postingOps, termStart[t], termStart[t + 1]);
      } else {
        for (let w = 0; w < into.length; w++) into[w] |= bitsets[at + w];
      }
    }
  }
  /**
   * Adds to `bonus` what each word's id hits raise a matched operation's score by (its best id score
   * minus SCORE_TEXT), and lists those operations in `boosted`; returns how many. A word walks its
   * id postings, or, when they outnumber the matches, looks through each match's few id terms.
   */
  scoreIdHits(ranges, matches) {
    const { idStart } = this.tables;
    let count = 0;
    for (const range of ranges) {
      const postings = idStart[range.hi] - idStart[range.lo];
      count = postings > matches * LOOKUP_COST ? this.scoreByLookup(range, count) : this.scoreByPostings(range, count);
    }
    return count;
  }
  scoreByPostings(range, boostedSoFar) {
    const { matched, wordScores, bonus, boosted, touched } = this;
    const { idStart, idOps, idScores } = this.tables;
    let count = boostedSoFar;
    let hits = 0;
    for (let t = range.lo; t < range.hi; t++) {
      const exact = t === range.exact;
      for (let p = idStart[t], stop = idStart[t + 1]; p < stop; p++) {
        const op = idOps[p];
        if (!search_bits_1.hasBit(matched, op)) continue;
        const score =
          exact && idScores[p] === search_tables_1.SCORE_ID_PREFIX ? search_tables_1.SCORE_EXACT_ID : idScores[p];
        if (wordScores[op] === 0) touched[hits++] = op;
        if (score > wordScores[op]) wordScores[op] = score;
      }
    }
    for (let k = 0; k < hits; k++) {
      const op = touched[k];
      if (bonus[op] === 0) boosted[count++] = op;
      bonus[op] += wordScores[op] - 1;
      wordScores[op] = 0;
    }
    return count;
  }
  scoreByLookup(range, boostedSoFar) {
    const { matched, bonus, boosted } = this;
    const { opIdStart, opIdTerms, opIdScores } = this.tables;
    let count = boostedSoFar;
    for (let w = 0; w < matched.length; w++) {
      for (let bits = matched[w]; bits !== 0; ) {
        const low = bits & -bits;
        bits ^= low;
        const op = (w << 5) + 31 - Math.clz32(low);
        let best = 0;
        for (let k = opIdStart[op], end = opIdStart[op + 1]; k < end && opIdTerms[k] < range.hi; k++) {
          if (opIdTerms[k] < range.lo) continue;
          const score =
            opIdTerms[k] === range.exact && opIdScores[k] === search_tables_1.SCORE_ID_PREFIX
              ? search_tables_1.SCORE_EXACT_ID
              : opIdScores[k];
          if (score > best) best = score;
        }
        if (best === 0) continue;
        if (bonus[op] === 0) boosted[count++] = op;
        bonus[op] += best - 1;
      }
    }
    return count;
  }
  /**
   * Ranks `[skip, want)`: the boosted operations by score (base: one per word), then the other
   * matches in index order. Clears `bonus`.
   */
  page(boosted, base, want, skip) {
    const { bonus, top } = this;
    top.reset(want);
    for (let k = 0; k < boosted; k++) top.offer(this.boosted[k], base + bonus[this.boosted[k]]);
    const ranked = top.drain(0);
    for (let w = 0; ranked.length < want && w < this.matched.length; w++) {
      let bits = this.matched[w];
      while (bits !== 0 && ranked.length < want) {
        const low = bits & -bits;
        bits ^= low;
        const op = (w << 5) + 31 - Math.clz32(low);
        if (bonus[op] === 0) ranked.push(op);
      }
    }
    for (let k = 0; k < boosted; k++) bonus[this.boosted[k]] = 0;
    return skip === 0 ? ranked : ranked.slice(skip);
  }
}
exports.SearchIndex = SearchIndex;
/** Position of the kind in OPERATION_KINDS; -1 for every kind. */
function kindCode(kind) {
  return kind === undefined ? -1 : registry_1.OPERATION_KINDS.indexOf(kind);
}
