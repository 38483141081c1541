import type { OperationDescriptor } from '@myko/registry';
import { camelCaseParts, camelCaseTails, textWords } from './search.tokenizer';

/**
 * Score of one query word against one operation, by the best way it matched: the word is the
 * whole id, a prefix of the id, a prefix of a camelCase part/tail of the id, or a prefix of a
 * description word, argument name or the kind.
 */
export const SCORE_EXACT_ID = 1000;
export const SCORE_ID_PREFIX = 100;
export const SCORE_ID_WORD = 10;
export const SCORE_TEXT = 1;

/**
 * The inverted index (sorted terms → postings) and the forward index (operation → its sorted term
 * ids), as flat typed arrays. Postings carry the score a prefix match of that token earns.
 */
export interface SearchTables {
  readonly terms: readonly string[];
  /** Postings of term t are `[termStart[t], termStart[t + 1])`, in ascending operation order. */
  readonly termStart: Int32Array;
  readonly postingOps: Int32Array;
  readonly postingScores: Uint16Array;
  /** Term ids of operation i are `[opTermStart[i], opTermStart[i + 1])`, ascending. */
  readonly opTermStart: Int32Array;
  readonly opTerms: Int32Array;
  readonly opTermScores: Uint16Array;
}

export function buildSearchTables(ops: readonly OperationDescriptor[]): SearchTables {
  const postings = new PostingCollector();
  const argTokens = new Map<string, string[]>();
  ops.forEach((op, i) => {
    const idParts = camelCaseParts(op.id);
    postings.add(op.id.toLowerCase(), i, SCORE_ID_PREFIX);
    for (const part of idParts) postings.add(part, i, SCORE_ID_WORD);
    for (const tail of camelCaseTails(idParts)) postings.add(tail, i, SCORE_ID_WORD);
    postings.add(op.kind, i, SCORE_TEXT);
    for (const word of textWords(op.description)) postings.add(word, i, SCORE_TEXT);
    for (const arg of op.args) {
      // Argument classes are shared across operations: tokenize each name once.
      let tokens = argTokens.get(arg.name);
      if (!tokens) {
        tokens = [arg.name.toLowerCase(), ...camelCaseParts(arg.name)];
        argTokens.set(arg.name, tokens);
      }
      for (const token of tokens) postings.add(token, i, SCORE_TEXT);
    }
  });
  return postings.finish(ops.length);
}

/**
 * Collects (term, operation, score) triples in operation order into growable typed arrays, keeping
 * one triple per term and operation (the best score), then groups them by sorted term.
 */
class PostingCollector {
  private readonly termIds = new Map<string, number>();
  private readonly names: string[] = [];
  /** Per term id: the last operation that added it, and that triple's position (for deduplication). */
  private lastOp = new Int32Array(1024);
  private lastSlot = new Int32Array(1024);
  private terms = new Int32Array(4096);
  private ops = new Int32Array(4096);
  private scores = new Uint16Array(4096);
  private count = 0;

  add(term: string, op: number, score: number): void {
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
  finish(opCount: number): SearchTables {
    const { names, count } = this;
    const order = names.map((_, t) => t).sort((a, b) => (names[a] < names[b] ? -1 : 1));
    const rank = new Int32Array(names.length);
    order.forEach((t, r) => {
      rank[t] = r;
    });
    const termStart = new Int32Array(names.length + 1);
    const opTermStart = new Int32Array(opCount + 1);
    for (let p = 0; p < count; p++) {
      termStart[rank[this.terms[p]] + 1]++;
      opTermStart[this.ops[p] + 1]++;
    }
    for (let r = 0; r < names.length; r++) termStart[r + 1] += termStart[r];
    for (let i = 0; i < opCount; i++) opTermStart[i + 1] += opTermStart[i];
    const postingOps = new Int32Array(count);
    const postingScores = new Uint16Array(count);
    const next = termStart.slice(0, names.length);
    for (let p = 0; p < count; p++) {
      const slot = next[rank[this.terms[p]]]++;
      postingOps[slot] = this.ops[p];
      postingScores[slot] = this.scores[p];
    }
    // Forward index: walking the postings in term order leaves each operation's term ids sorted.
    const opTerms = new Int32Array(count);
    const opTermScores = new Uint16Array(count);
    const opNext = opTermStart.slice(0, opCount);
    for (let r = 0; r < names.length; r++) {
      for (let p = termStart[r]; p < termStart[r + 1]; p++) {
        const slot = opNext[postingOps[p]]++;
        opTerms[slot] = r;
        opTermScores[slot] = postingScores[p];
      }
    }
    const terms = order.map((t) => names[t]);
    return { terms, termStart, postingOps, postingScores, opTermStart, opTerms, opTermScores };
  }
}

function grow<T extends Int32Array | Uint16Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** First position in `values[from, to)` (sorted ascending) holding a value >= `target`. */
export function lowerBoundIn(values: Int32Array, from: number, to: number, target: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose term is >= `value` (terms sorted by UTF-16 code units, as `sort()` orders them). */
export function lowerBound(terms: readonly string[], value: string): number {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (terms[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
