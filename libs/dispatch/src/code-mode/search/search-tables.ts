import type { OperationDescriptor } from '@myko/registry';
import type { QueryTerm } from './search.analyzer';
import { operationFields } from './search-fields';

/** BM25 saturation: how fast repeated occurrences stop adding (the usual 1.2). */
const K1 = 1.2;
/** BM25 length normalization, below the usual 0.75: a long description is thorough, not padded. */
const B = 0.6;

/**
 * The inverted index as flat typed arrays, built once: sorted stems → the operations holding them,
 * each posting with its precomputed BM25F impact (field-weighted term frequency, saturated and
 * length-normalized, times the term's idf), so that a query only adds impacts up.
 */
export interface SearchTables {
  /** Distinct stems, sorted (UTF-16 order, as `sort()` orders them). */
  readonly terms: readonly string[];
  /** Operations holding term t are `postingOps[termStart[t], termStart[t + 1])`, ascending. */
  readonly termStart: Int32Array;
  readonly postingOps: Int32Array;
  readonly impacts: Float32Array;
  /** Every indexed word as written (lowercased), sorted, and the term it stems to: what typos are matched against. */
  readonly surfaces: readonly string[];
  readonly surfaceTerm: Int32Array;
  /** The surfaces by first letter and length (`s8` → indices into `surfaces`): a typo scan reads only the few it could be. */
  readonly surfacesByShape: ReadonlyMap<string, readonly number[]>;
  /** Lowercased ids, names (`report_lowstock`) and `kind:id` forms → the operations they name exactly. */
  readonly exactIds: ReadonlyMap<string, readonly number[]>;
}

export function buildSearchTables(ops: readonly OperationDescriptor[]): SearchTables {
  const collector = new TermCollector();
  const cache = new Map<string, QueryTerm[]>();
  ops.forEach((op, i) => {
    collector.startOperation(i);
    for (const field of operationFields(op, cache)) {
      for (const term of field.terms) collector.add(term, field.weight);
    }
  });
  return { ...collector.finish(ops.length), exactIds: exactIdsOf(ops) };
}

function exactIdsOf(ops: readonly OperationDescriptor[]): Map<string, number[]> {
  const exact = new Map<string, number[]>();
  const add = (key: string, op: number) => {
    const list = exact.get(key);
    if (!list) exact.set(key, [op]);
    else if (list[list.length - 1] !== op) list.push(op);
  };
  ops.forEach((op, i) => {
    add(op.id.toLowerCase(), i);
    add(op.name.toLowerCase(), i);
    add(`${op.kind}:${op.id}`.toLowerCase(), i);
  });
  return exact;
}

/**
 * Collects, per operation, each term's field-weighted frequency and the operation's weighted
 * length, then turns them into postings grouped by sorted term.
 */
class TermCollector {
  private readonly termIds = new Map<string, number>();
  private readonly names: string[] = [];
  private readonly surfaceIds = new Map<string, number>();
  /** Per operation: its (term, weighted tf) pairs are `[opStart[i], opStart[i + 1])` of `pairTerms`/`pairTf`. */
  private opStart: number[] = [0];
  private pairTerms = new Int32Array(4096);
  private pairTf = new Float32Array(4096);
  private lengths: number[] = [];
  private count = 0;
  private current = new Map<number, number>();

  startOperation(op: number): void {
    if (op > 0) this.flush();
    this.current = new Map();
    this.lengths.push(0);
  }

  add(term: QueryTerm, weight: number): void {
    let t = this.termIds.get(term.stem);
    if (t === undefined) {
      t = this.names.length;
      this.termIds.set(term.stem, t);
      this.names.push(term.stem);
    }
    if (!this.surfaceIds.has(term.raw)) this.surfaceIds.set(term.raw, t);
    this.current.set(t, (this.current.get(t) ?? 0) + weight);
    this.lengths[this.lengths.length - 1] += weight;
  }

  finish(opCount: number) {
    if (opCount > 0) this.flush();
    const { names, count } = this;
    const order = names.map((_, t) => t).sort((a, b) => (names[a] < names[b] ? -1 : 1));
    const rank = new Int32Array(names.length);
    order.forEach((t, r) => {
      rank[t] = r;
    });
    const termStart = new Int32Array(names.length + 1);
    for (let p = 0; p < count; p++) termStart[rank[this.pairTerms[p]] + 1]++;
    for (let r = 0; r < names.length; r++) termStart[r + 1] += termStart[r];
    const postingOps = new Int32Array(count);
    const impacts = new Float32Array(count);
    const next = termStart.slice(0, names.length);
    const averageLength = this.lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, opCount);
    for (let op = 0; op < opCount; op++) {
      const norm = K1 * (1 - B + (B * this.lengths[op]) / averageLength);
      for (let p = this.opStart[op]; p < this.opStart[op + 1]; p++) {
        const r = rank[this.pairTerms[p]];
        const df = termStart[r + 1] - termStart[r];
        const idf = Math.log(1 + (opCount - df + 0.5) / (df + 0.5));
        const tf = this.pairTf[p];
        postingOps[next[r]] = op;
        impacts[next[r]++] = (idf * tf * (K1 + 1)) / (tf + norm);
      }
    }
    const surfaces = [...this.surfaceIds.keys()].sort();
    const surfaceTerm = Int32Array.from(surfaces, (surface) => rank[this.surfaceIds.get(surface) as number]);
    const surfacesByShape = new Map<string, number[]>();
    surfaces.forEach((surface, s) => {
      const shape = surfaceShape(surface[0], surface.length);
      const list = surfacesByShape.get(shape);
      if (list) list.push(s);
      else surfacesByShape.set(shape, [s]);
    });
    return {
      terms: order.map((t) => names[t]),
      termStart,
      postingOps,
      impacts,
      surfaces,
      surfaceTerm,
      surfacesByShape,
    };
  }

  private flush(): void {
    for (const [term, tf] of this.current) {
      if (this.count === this.pairTerms.length) {
        this.pairTerms = grow(this.pairTerms, new Int32Array(this.count * 2));
        this.pairTf = grow(this.pairTf, new Float32Array(this.count * 2));
      }
      this.pairTerms[this.count] = term;
      this.pairTf[this.count++] = tf;
    }
    this.opStart.push(this.count);
  }
}

function grow<T extends Int32Array | Float32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** The key of `surfacesByShape`: a word's first letter and length. */
export function surfaceShape(first: string, length: number): string {
  return `${first}${length}`;
}

/** Where operation `op` is among the postings of term `t` (each term's postings are in operation order), or -1. */
export function findPosting({ termStart, postingOps }: SearchTables, t: number, op: number): number {
  let lo = termStart[t];
  const end = termStart[t + 1];
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (postingOps[mid] < op) lo = mid + 1;
    else hi = mid;
  }
  return lo < end && postingOps[lo] === op ? lo : -1;
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
