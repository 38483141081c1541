/**
 * Light typo tolerance: how many edits a query word of this length may be away from an indexed
 * word. Short words get none (too many near neighbours: `ship`/`shop`), longer ones one, long ones two.
 */
export function allowedEdits(length: number): number {
  if (length >= 9) return 2;
  return length >= 5 ? 1 : 0;
}

/**
 * Optimal-string-alignment distance (insertions, deletions, substitutions, adjacent
 * transpositions) between two words when it is at most `max`, else `max + 1`. Rows of the
 * dynamic programme past the band, or whose minimum already exceeds `max`, are not computed.
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, previous2[j - 2] + 1);
      row.push(value);
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    previous2 = previous;
    previous = row;
  }
  return Math.min(previous[b.length], max + 1);
}
