/**
 * Names ranked by how close they are to what was typed: those that start with it (or it with them, `warehouse` →
 * `warehouseCode`) first, then by edit distance, case ignored; ties keep the given order.
 */
export function nearest(typed: string, names: readonly string[], count: number): string[] {
  const want = typed.toLowerCase();
  const scored = names.map((name, index) => ({ name, index, score: scoreOf(want, name.toLowerCase()) }));
  scored.sort((a, b) => a.score - b.score || a.index - b.index);
  return scored.slice(0, count).map((entry) => entry.name);
}

/** The one name close enough to have been meant, if any: shares a prefix, or differs by few edits. */
export function didYouMean(typed: string, names: readonly string[]): string | undefined {
  const [best] = nearest(typed, names, 1);
  if (best === undefined) return undefined;
  const a = typed.toLowerCase();
  const b = best.toLowerCase();
  if (sharesStart(a, b)) return best;
  return distance(a, b) <= Math.max(2, Math.floor(Math.max(a.length, b.length) / 3)) ? best : undefined;
}

function scoreOf(typed: string, name: string): number {
  if (name === typed) return -1;
  return sharesStart(typed, name) ? Math.abs(name.length - typed.length) / 100 : 1 + distance(typed, name);
}

function sharesStart(a: string, b: string): boolean {
  return Math.min(a.length, b.length) >= 3 && (a.startsWith(b) || b.startsWith(a));
}

/** Levenshtein distance, two rows. */
export function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
    }
    previous = current;
  }
  return previous[b.length];
}
