import { ResultCutRecord, renderCutNote } from './result-cut.note';

/** A result as the model reads it: JSON text within its budget, and what was left out when it was cut. */
export interface FittedResult {
  /** Valid JSON: the result itself, or the same shape with arrays shortened, strings cut and deep values elided. */
  readonly json: string;
  /** One short line saying what was cut and how to get the rest; absent when nothing was. */
  readonly note?: string;
}

/** How far one rendering goes: items of each array, characters of each string, levels of nesting. */
interface CutLimits {
  readonly items: number;
  readonly chars: number;
  readonly depth: number;
}

/**
 * Tried in order, loosest first; at each, the most array items that fit are found by bisection. Fixed, so the
 * same result is always cut the same way.
 */
const LADDER: readonly Omit<CutLimits, 'items'>[] = [
  { chars: 1_000, depth: 12 },
  { chars: 300, depth: 8 },
  { chars: 120, depth: 6 },
  { chars: 60, depth: 4 },
  { chars: 30, depth: 3 },
  { chars: 20, depth: 2 },
];

/** Keys an object keeps at least, whatever the items limit: a row is shown with its fields. */
const MIN_KEYS = 50;

/**
 * Fits an `execute` result into `budgetBytes` (UTF-8 bytes of the JSON text plus the note). A result within it
 * is returned as is; a larger one is cut structurally, never mid-token: the text stays valid JSON.
 */
export function fitResult(resultJson: string, budgetBytes: number): FittedResult {
  const total = Buffer.byteLength(resultJson);
  if (total <= budgetBytes) return { json: resultJson };
  const value: unknown = JSON.parse(resultJson);
  const longest = longestArray(value);
  for (const level of LADDER) {
    const fitted = mostItemsThatFit(value, level, longest, budgetBytes, total);
    if (fitted && (fitted.items > 0 || longest === 0)) return fitted.result;
  }
  const tightest = { ...LADDER[LADDER.length - 1], items: 0 };
  const last = render(value, tightest, budgetBytes, total);
  if (fits(last, budgetBytes)) return last;
  // Only an object of many long-named keys gets here (a string or an array always fits at the tightest).
  const record = new ResultCutRecord();
  const json = JSON.stringify(record.elide(value as object, ''));
  return { json, note: renderCutNote(record, budgetBytes, total) };
}

/** The largest item count (0 … longest) whose rendering fits, by bisection; undefined when none does. */
function mostItemsThatFit(
  value: unknown,
  level: Omit<CutLimits, 'items'>,
  longest: number,
  budget: number,
  total: number,
): { items: number; result: FittedResult } | undefined {
  let best: { items: number; result: FittedResult } | undefined;
  let low = 0;
  let high = longest;
  while (low <= high) {
    const items = Math.floor((low + high) / 2);
    const result = render(value, { ...level, items }, budget, total);
    if (fits(result, budget)) {
      best = { items, result };
      low = items + 1;
    } else {
      high = items - 1;
    }
  }
  return best;
}

function fits(result: FittedResult, budget: number): boolean {
  return Buffer.byteLength(result.json) + Buffer.byteLength(result.note ?? '') <= budget;
}

function render(value: unknown, limits: CutLimits, budget: number, total: number): FittedResult {
  const record = new ResultCutRecord();
  const json = JSON.stringify(cut(value, limits, record, '', 0));
  return { json, note: renderCutNote(record, budget, total) };
}

function cut(value: unknown, limits: CutLimits, record: ResultCutRecord, path: string, depth: number): unknown {
  if (typeof value === 'string') return value.length > limits.chars ? record.string(value, limits.chars, path) : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= limits.depth) return record.elide(value, path);
  if (Array.isArray(value)) {
    const shown = value.length > limits.items ? record.array(value, limits.items, path) : value;
    return shown.map((item) => cut(item, limits, record, `${path}[]`, depth + 1));
  }
  const entries = Object.entries(value);
  const keys = Math.max(limits.items, MIN_KEYS);
  const kept = entries.length > keys ? record.keys(entries, keys, path) : entries;
  // Null-prototype: a `__proto__` key of the result stays a key.
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, field] of kept) out[key] = cut(field, limits, record, joinPath(path, key), depth + 1);
  return out;
}

function joinPath(path: string, key: string): string {
  const name = key.length > 40 ? `${key.slice(0, 40)}…` : key;
  return path === '' ? name : `${path}.${name}`;
}

/** The longest array anywhere in the value: the bisection's upper bound. */
function longestArray(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  let longest = Array.isArray(value) ? value.length : 0;
  for (const child of children) longest = Math.max(longest, longestArray(child));
  return longest;
}
