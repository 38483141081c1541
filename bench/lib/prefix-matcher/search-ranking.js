Object.defineProperty(exports, '__esModule', { value: true });
exports.TopScores = void 0;
/**
 * The best `capacity` entries of a stream of (operation, score), ranked by score descending, then
 * operation index ascending: a bounded binary heap whose root is the worst entry kept, in arrays
 * allocated once. A page of 20 out of thousands of matches thus costs one comparison per match
 * instead of a sort of all of them.
 */
class TopScores {
  constructor(maxCapacity) {
    this.size = 0;
    this.capacity = 0;
    this.ops = new Int32Array(maxCapacity);
    this.scores = new Int32Array(maxCapacity);
  }
  /** Empties the heap; at most `capacity` (clamped to the maximum) entries will be kept. */
  reset(capacity) {
    this.size = 0;
    this.capacity = Math.max(0, Math.min(capacity, this.ops.length));
  }
  offer(op, score) {
    const { ops, scores } = this;
    if (this.size < this.capacity) {
      ops[this.size] = op;
      scores[this.size] = score;
      this.siftUp(this.size++);
    } else if (this.size > 0 && (score > scores[0] || (score === scores[0] && op < ops[0]))) {
      ops[0] = op;
      scores[0] = score;
      this.siftDown(0);
    }
  }
  /** Empties the heap into an array, best first, without its first `skip` entries. */
  drain(skip) {
    const kept = Math.max(0, this.size - skip);
    const ranked = new Array(kept);
    while (this.size > 0) {
      const position = --this.size;
      if (position >= skip) ranked[position - skip] = this.ops[0];
      this.ops[0] = this.ops[position];
      this.scores[0] = this.scores[position];
      this.siftDown(0);
    }
    return ranked;
  }
  /** Whether entry i ranks below entry j. */
  worse(i, j) {
    const a = this.scores[i];
    const b = this.scores[j];
    return a < b || (a === b && this.ops[i] > this.ops[j]);
  }
  siftUp(from) {
    let child = from;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!this.worse(child, parent)) return;
      this.swap(child, parent);
      child = parent;
    }
  }
  siftDown(from) {
    let parent = from;
    for (;;) {
      const left = 2 * parent + 1;
      if (left >= this.size) return;
      const right = left + 1;
      const worst = right < this.size && this.worse(right, left) ? right : left;
      if (!this.worse(worst, parent)) return;
      this.swap(worst, parent);
      parent = worst;
    }
  }
  swap(i, j) {
    const { ops, scores } = this;
    const op = ops[i];
    const score = scores[i];
    ops[i] = ops[j];
    scores[i] = scores[j];
    ops[j] = op;
    scores[j] = score;
  }
}
exports.TopScores = TopScores;
