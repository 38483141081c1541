import { FILTER_LIMITS } from './filter.constants';

const MATCHABLE_NAME = /^[A-Za-z0-9_$]+$/;

/** `query:GetOrders` → `query_GetOrders`: only the first `:` is read as `_`. */
export function normalizeName(name: string): string {
  return name.replace(':', '_');
}

/**
 * Can a (normalized) name be tested against globs safely? Operation names are `<kind>_<id>` with a
 * JS-identifier id; anything else (a `/`, a newline, a huge string) could slip past a deny glob or
 * make matching slow, so under a non-empty filter it is treated as hidden and not callable.
 */
export function isMatchableName(name: string): boolean {
  return name.length <= FILTER_LIMITS.maxNameLength && MATCHABLE_NAME.test(name);
}

/** Text made one printable-ASCII line (it may end up in an HTTP status line), cut to `max` characters. */
export function asciiLine(text: string, max = 200): string {
  const ascii = text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return ascii.length > max ? `${ascii.slice(0, max)}...` : ascii;
}

/** Client input echoed in an error message: JSON-quoted, ASCII-only, cut. */
export function quote(value: unknown, max = 120): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return asciiLine(text, max);
}
