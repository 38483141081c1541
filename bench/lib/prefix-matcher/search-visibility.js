Object.defineProperty(exports, '__esModule', { value: true });
exports.VisibilityCache = exports.OperationVisibility = void 0;
const search_bits_1 = require('./search-bits');
const UNKNOWN = 0;
const SHOWN = 1;
const HIDDEN = 2;
/**
 * What one (immutable) `ClientFilters` lets through, per operation, computed on first need and
 * kept. Gateways reuse one filters object per distinct header set, so the globs of a client run
 * at most once per operation, not once per search.
 */
class OperationVisibility {
  constructor(ops, kinds, filters) {
    this.ops = ops;
    this.kinds = kinds;
    this.filters = filters;
    /** Visible operations in index order, per kind code (-1 = every kind). */
    this.lists = new Map();
    this.showsAll = filters.allowsAll;
    this.state = new Uint8Array(ops.length);
    this.bits = new Uint32Array(search_bits_1.bitsetWords(ops.length));
    this.known = new Uint8Array(this.bits.length);
  }
  isVisible(op) {
    if (this.showsAll) return true;
    const state = this.state[op];
    if (state !== UNKNOWN) return state === SHOWN;
    const shown = this.filters.isVisible(this.ops[op].name);
    this.state[op] = shown ? SHOWN : HIDDEN;
    return shown;
  }
  /** Clears the bits of hidden operations in a bitset over the index. */
  restrict(bits) {
    if (this.showsAll) return;
    for (let w = 0; w < bits.length; w++) {
      if (bits[w] === 0) continue;
      if (this.known[w] === 0) this.learn(w);
      bits[w] &= this.bits[w];
    }
  }
  /** The visible operations of one kind (-1: of every kind), in index order. Frozen, cached. */
  list(kind) {
    let list = this.lists.get(kind);
    if (!list) {
      const visible = [];
      for (let op = 0; op < this.ops.length; op++) {
        if ((kind < 0 || this.kinds[op] === kind) && this.isVisible(op)) visible.push(op);
      }
      list = Object.freeze(visible);
      this.lists.set(kind, list);
    }
    return list;
  }
  learn(word) {
    const end = Math.min(this.ops.length, (word + 1) << 5);
    let bits = 0;
    for (let op = word << 5; op < end; op++) if (this.isVisible(op)) bits |= 1 << (op & 31);
    this.bits[word] = bits;
    this.known[word] = 1;
  }
}
exports.OperationVisibility = OperationVisibility;
/** One `OperationVisibility` per filters object, dropped with it. */
class VisibilityCache {
  constructor(ops, kinds) {
    this.ops = ops;
    this.kinds = kinds;
    this.entries = new WeakMap();
  }
  of(filters) {
    let visibility = this.entries.get(filters);
    if (!visibility) {
      visibility = new OperationVisibility(this.ops, this.kinds, filters);
      this.entries.set(filters, visibility);
    }
    return visibility;
  }
}
exports.VisibilityCache = VisibilityCache;
