/**
 * Where each line of a text starts, found in one pass: any offset's line and column then cost a binary search,
 * however many diagnostics a script gets and however long it is.
 */
export class LineStartTable {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) this.starts.push(at + 1);
  }

  /** The 1-based line and column of `offset`. */
  positionOf(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.starts[low] + 1 };
  }
}
