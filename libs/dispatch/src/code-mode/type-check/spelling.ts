/**
 * Names ranked by how close they are to what was typed: those that start with it (or it with them, `warehouse` →
 * `warehouseCode`) first, then those that end with it as a word (`available` → `totalAvailable`, `id` →
 * `orderId`), then by edit distance, case ignored; ties keep the given order.
 */
export function nearest(typed: string, names: readonly string[], count: number): string[] {
  const scored = names.map((name, index) => ({ name, index, score: scoreOf(typed, name) }));
  scored.sort((a, b) => a.score - b.score || a.index - b.index);
  return scored.slice(0, count).map((entry) => entry.name);
}

/**
 * The one name close enough to have been meant, if any: shares a prefix, ends with the typed word (or the typed
 * name with it) where no other name does, or differs by few edits.
 */
export function didYouMean(typed: string, names: readonly string[]): string | undefined {
  const [best] = nearest(typed, names, 1);
  if (best === undefined) return undefined;
  const a = typed.toLowerCase();
  const b = best.toLowerCase();
  if (sharesStart(a, b)) return best;
  if (sharesLastWord(typed, best)) {
    return names.filter((name) => sharesLastWord(typed, name)).length === 1 ? best : undefined;
  }
  return distance(a, b) <= Math.max(2, Math.floor(Math.max(a.length, b.length) / 3)) ? best : undefined;
}

function scoreOf(typed: string, name: string): number {
  const a = typed.toLowerCase();
  const b = name.toLowerCase();
  if (a === b) return -1;
  if (sharesStart(a, b)) return Math.abs(b.length - a.length) / 100;
  if (sharesLastWord(typed, name)) return 0.5 + Math.abs(b.length - a.length) / 100;
  return 1 + distance(a, b);
}

function sharesStart(a: string, b: string): boolean {
  return Math.min(a.length, b.length) >= 3 && (a.startsWith(b) || b.startsWith(a));
}

/** `id` and `orderId`, `productName` and `name`: the shorter is the longer's last camel-case word(s). */
function sharesLastWord(typed: string, name: string): boolean {
  const [short, long] = typed.length <= name.length ? [typed, name] : [name, typed];
  if (short.length < 2 || short.length === long.length) return false;
  const tail = long.slice(long.length - short.length);
  const boundary = tail[0] === tail[0].toUpperCase() && tail[0] !== tail[0].toLowerCase();
  return boundary && tail.toLowerCase() === short.toLowerCase();
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
