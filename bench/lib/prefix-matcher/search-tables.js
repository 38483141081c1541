Object.defineProperty(exports, '__esModule', { value: true });
exports.SCORE_TEXT = exports.SCORE_ID_WORD = exports.SCORE_ID_PREFIX = exports.SCORE_EXACT_ID = void 0;
exports.buildSearchTables = buildSearchTables;
exports.lowerBound = lowerBound;
const search_tokenizer_1 = require('./search.tokenizer');
const search_bits_1 = require('./search-bits');
/**
 * Score of one query word against one operation, by the best way it matched: the word is the
 * whole id, a prefix of the id, a prefix of a camelCase part/tail of the id, or a prefix of a
 * description word, argument name or the kind.
 */
exports.SCORE_EXACT_ID = 1000;
exports.SCORE_ID_PREFIX = 100;
exports.SCORE_ID_WORD = 10;
exports.SCORE_TEXT = 1;
/** Below this many postings a term never gets a bitset, however few operations there are. */
const MIN_BITSET_POSTINGS = 16;
function buildSearchTables(ops) {
  const postings = new PostingCollector();
  const argTokens = new Map();
  ops.forEach((op, i) => {
    const idParts = search_tokenizer_1.camelCaseParts(op.id);
    postings.add(op.id.toLowerCase(), i, exports.SCORE_ID_PREFIX);
    for (const part of idParts) postings.add(part, i, exports.SCORE_ID_WORD);
    for (const tail of search_tokenizer_1.camelCaseTails(idParts)) postings.add(tail, i, exports.SCORE_ID_WORD);
    postings.add(op.kind, i, exports.SCORE_TEXT);
    for (const word of search_tokenizer_1.textWords(op.description)) postings.add(word, i, exports.SCORE_TEXT);
    for (const arg of op.args) {
      // Argument classes are shared across operations: tokenize each name once.
      let tokens = argTokens.get(arg.name);
      if (!tokens) {
        tokens = [arg.name.toLowerCase(), ...search_tokenizer_1.camelCaseParts(arg.name)];
        argTokens.set(arg.name, tokens);
      }
      for (const token of tokens) postings.add(token, i, exports.SCORE_TEXT);
    }
  });
  return postings.finish(ops.length);
}
/**
 * Collects (term, operation, score) triples in operation order into growable typed arrays, keeping
 * one triple per term and operation (the best score), then groups them by sorted term.
 */
class PostingCollector {
  constructor() {
    this.termIds = new Map();
    this.names = [];
    /** Per term id: the last operation that added it, and that triple's position (for deduplication). */
    this.lastOp = new Int32Array(1024);
    this.lastSlot = new Int32Array(1024);
    this.terms = new Int32Array(4096);
    this.ops = new Int32Array(4096);
    this.scores = new Uint16Array(4096);
    this.count = 0;
  }
  add(term, op, score) {
    let t = this.termIds.get(term);
    if (t === undefined) {
      t = this.names.length;
      this.termIds.set(term, t);
      this.names.push(term);
      if (t === this.lastOp.length) {
        this.lastOp = grow(this.lastOp, new Int32Array(t * 2));
        this.lastSlot = grow(this.lastSlot, new Int32Array(t * 2));
      }
      this.lastOp[t] = -1;
    }
    if (this.lastOp[t] === op) {
      const slot = this.lastSlot[t];
      if (this.scores[slot] < score) this.scores[slot] = score;
      return;
    }
    if (this.count === this.ops.length) {
      this.terms = grow(this.terms, new Int32Array(this.count * 2));
      this.ops = grow(this.ops, new Int32Array(this.count * 2));
      this.scores = grow(this.scores, new Uint16Array(this.count * 2));
    }
    this.lastOp[t] = op;
    this.lastSlot[t] = this.count;
    this.terms[this.count] = t;
    this.ops[this.count] = op;
    this.scores[this.count++] = score;
  }
  /** Counting sort by term rank; triples arrive in operation order, so each posting list is sorted. */
  finish(opCount) {
    const { names, count } = this;
    const order = names.map((_, t) => t).sort((a, b) => (names[a] < names[b] ? -1 : 1));
    const rank = new Int32Array(names.length);
    order.forEach((t, r) => {
      rank[t] = r;
    });
    const termStart = new Int32Array(names.length + 1);
    const idStart = new Int32Array(names.length + 1);
    for (let p = 0; p < count; p++) {
      const r = rank[this.terms[p]];
      termStart[r + 1]++;
      if (this.scores[p] > exports.SCORE_TEXT) idStart[r + 1]++;
    }
    for (let r = 0; r < names.length; r++) {
      termStart[r + 1] += termStart[r];
      idStart[r + 1] += idStart[r];
    }
    const postingOps = new Int32Array(count);
    const idOps = new Int32Array(idStart[names.length]);
    const idScores = new Uint16Array(idOps.length);
    const next = termStart.slice(0, names.length);
    const idNext = idStart.slice(0, names.length);
    for (let p = 0; p < count; p++) {
      const r = rank[this.terms[p]];
      postingOps[next[r]++] = this.ops[p];
      if (this.scores[p] > exports.SCORE_TEXT) {
        idOps[idNext[r]] = this.ops[p];
        idScores[idNext[r]++] = this.scores[p];
      }
    }
    const terms = order.map((t) => names[t]);
    return {
      terms,
      termStart,
      postingOps,
      idStart,
      idOps,
      idScores,
      ...idTermsByOperation(idStart, idOps, idScores, opCount),
      ...commonTermBitsets(termStart, postingOps, opCount),
    };
  }
}
/** Regroups the id postings by operation; walking them in term order leaves each operation's terms sorted. */
function idTermsByOperation(idStart, idOps, idScores, opCount) {
  const opIdStart = new Int32Array(opCount + 1);
  for (let p = 0; p < idOps.length; p++) opIdStart[idOps[p] + 1]++;
  for (let i = 0; i < opCount; i++) opIdStart[i + 1] += opIdStart[i];
  const opIdTerms = new Int32Array(idOps.length);
  const opIdScores = new Uint16Array(idOps.length);
  const next = opIdStart.slice(0, opCount);
  for (let t = 0; t + 1 < idStart.length; t++) {
    for (let p = idStart[t]; p < idStart[t + 1]; p++) {
      const slot = next[idOps[p]]++;
      opIdTerms[slot] = t;
      opIdScores[slot] = idScores[p];
    }
  }
  return { opIdStart, opIdTerms, opIdScores };
}
/**
 * Bitsets of the terms held by at least one operation in 32: for them a bitset is no larger than
 * the posting list, and OR-ing it into a word's set beats setting its postings one by one.
 */
function commonTermBitsets(termStart, postingOps, opCount) {
  const words = search_bits_1.bitsetWords(opCount);
  const terms = termStart.length - 1;
  const bitsetAt = new Int32Array(terms).fill(-1);
  let used = 0;
  for (let t = 0; t < terms; t++) {
    if (termStart[t + 1] - termStart[t] >= Math.max(words, MIN_BITSET_POSTINGS)) {
      bitsetAt[t] = used;
      used += words;
    }
  }
  const bitsets = new Uint32Array(used);
  for (let t = 0; t < terms; t++) {
    if (bitsetAt[t] >= 0)
      search_bits_1.setBits(
        bitsets.subarray(bitsetAt[t], bitsetAt[t] + words),
        postingOps,
        termStart[t],
        termStart[t + 1],
      );
  }
  return { bitsetAt, bitsets, words };
}
function grow(from, to) {
  to.set(from);
  return to;
}
/** First index whose term is >= `value` (terms sorted by UTF-16 code units, as `sort()` orders them). */
function lowerBound(terms, value) {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (terms[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
