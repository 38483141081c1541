/** Cuts of one kind at one path pattern (`rows`, `rows[].lines`): how many, and the largest count seen. */
interface CutAt {
  readonly kind: 'items' | 'keys' | 'chars' | 'depth';
  shown: number;
  total: number;
}

/** Entries the note names; the rest are counted (`+2 more`). */
const NOTE_ENTRIES = 3;

/**
 * What one rendering of a result left out, by path pattern (array indices collapsed to `[]`), in the order met.
 * Each method returns what is shown in place of the value.
 */
export class ResultCutRecord {
  readonly cuts = new Map<string, CutAt>();

  array(value: readonly unknown[], items: number, path: string): unknown[] {
    this.note(path, 'items', items, value.length);
    return value.slice(0, items);
  }

  keys(entries: [string, unknown][], keys: number, path: string): [string, unknown][] {
    this.note(path, 'keys', keys, entries.length);
    return entries.slice(0, keys);
  }

  /** Cut at a character boundary: never half of a surrogate pair. */
  string(value: string, chars: number, path: string): string {
    const end = isHighSurrogate(value.charCodeAt(chars - 1)) ? chars - 1 : chars;
    this.note(path, 'chars', chars, value.length);
    return `${value.slice(0, end)}…`;
  }

  /** An array or object past the depth limit, as a string that says what it was. */
  elide(value: object, path: string): string {
    const size = Array.isArray(value) ? value.length : Object.keys(value).length;
    this.note(path, 'depth', 0, size);
    return Array.isArray(value) ? `[array: ${size} items]` : `[object: ${size} keys]`;
  }

  private note(path: string, kind: CutAt['kind'], shown: number, total: number): void {
    const key = `${kind} ${path}`;
    const earlier = this.cuts.get(key);
    if (earlier) earlier.total = Math.max(earlier.total, total);
    else this.cuts.set(key, { kind, shown, total });
  }
}

/**
 * One short line for the model: what was cut, where, and how to get the rest (aggregate in the script, or
 * return a slice). Undefined when nothing was cut.
 */
export function renderCutNote(record: ResultCutRecord, budget: number, total: number): string | undefined {
  if (record.cuts.size === 0) return undefined;
  const entries = [...record.cuts].map(([key, cut]) => describe(key.slice(key.indexOf(' ') + 1) || 'result', cut));
  const more = entries.length > NOTE_ENTRIES ? `; +${entries.length - NOTE_ENTRIES} more` : '';
  const what = entries.slice(0, NOTE_ENTRIES).join('; ') + more;
  return `[result cut to fit ${count(budget)} of ${count(total)} B: ${what}. For the rest: aggregate in the script, or return a slice${sliceHint(record)}.]`;
}

function describe(path: string, cut: CutAt): string {
  switch (cut.kind) {
    case 'items':
      return `${path}: ${count(cut.shown)} of ${count(cut.total)} shown`;
    case 'keys':
      return `${path}: ${count(cut.shown)} of ${count(cut.total)} keys shown`;
    case 'chars':
      return `${path}: strings cut at ${count(cut.shown)} chars`;
    case 'depth':
      return `${path}: nested values elided`;
  }
}

/** `(rows.slice(40, 80))` for the first array cut. */
function sliceHint(record: ResultCutRecord): string {
  for (const [key, cut] of record.cuts) {
    if (cut.kind !== 'items') continue;
    const path = key.slice(key.indexOf(' ') + 1);
    const from = cut.shown;
    return ` (${path === '' ? 'result' : path}.slice(${from}, ${from + Math.max(cut.shown, 1)}))`;
  }
  return '';
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
