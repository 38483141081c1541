/**
 * The best `capacity` entries of a stream of (operation, score), ranked by score descending, then
 * operation index ascending: a bounded binary heap whose root is the worst entry kept, in arrays
 * allocated once. A page of 20 out of thousands of matches thus costs one comparison per match
 * instead of a sort of all of them.
 */
export class TopScores {
  private readonly ops: Int32Array;
  private readonly scores: Float64Array;
  private size = 0;
  private capacity = 0;

  constructor(maxCapacity: number) {
    this.ops = new Int32Array(maxCapacity);
    this.scores = new Float64Array(maxCapacity);
  }

  /** Empties the heap; at most `capacity` (clamped to the maximum) entries will be kept. */
  reset(capacity: number): void {
    this.size = 0;
    this.capacity = Math.max(0, Math.min(capacity, this.ops.length));
  }

  offer(op: number, score: number): void {
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

  /**
   * Empties the heap into an array, best first, without its first `skip` entries; their scores go
   * to `scoresOut` (same order) when given.
   */
  drain(skip: number, scoresOut?: number[]): number[] {
    const kept = Math.max(0, this.size - skip);
    const ranked = new Array<number>(kept);
    if (scoresOut) scoresOut.length = kept;
    while (this.size > 0) {
      const position = --this.size;
      if (position >= skip) {
        ranked[position - skip] = this.ops[0];
        if (scoresOut) scoresOut[position - skip] = this.scores[0];
      }
      this.ops[0] = this.ops[position];
      this.scores[0] = this.scores[position];
      this.siftDown(0);
    }
    return ranked;
  }

  /** Whether entry i ranks below entry j. */
  private worse(i: number, j: number): boolean {
    const a = this.scores[i];
    const b = this.scores[j];
    return a < b || (a === b && this.ops[i] > this.ops[j]);
  }

  private siftUp(from: number): void {
    let child = from;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!this.worse(child, parent)) return;
      this.swap(child, parent);
      child = parent;
    }
  }

  private siftDown(from: number): void {
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

  private swap(i: number, j: number): void {
    const { ops, scores } = this;
    const op = ops[i];
    const score = scores[i];
    ops[i] = ops[j];
    scores[i] = scores[j];
    ops[j] = op;
    scores[j] = score;
  }
}
