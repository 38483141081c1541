import picomatch from 'picomatch';
import { FilterParseError } from './errors/filter-parse.error';
import { FILTER_LIMITS } from './filter.constants';
import { asciiLine, normalizeName, quote } from './filter-name.util';
import { globSyntaxProblem } from './glob-syntax.check';

/** One compiled glob: the pattern as written and its matcher over normalized names. */
export interface GlobPattern {
  readonly pattern: string;
  readonly matches: (name: string) => boolean;
}

/** Case-sensitive; `/` and dots carry no meaning in names; strict brackets so a typo is an error. */
const PICOMATCH_OPTIONS: picomatch.PicomatchOptions = {
  dot: true,
  windows: false,
  strictBrackets: true,
  noextglob: true,
  nonegate: true,
  debug: true,
};

const ALLOWED_CHARS = /^[A-Za-z0-9_$*?[\]{}\\,.^-]+$/;
const EXTGLOB_CHARS = /[()|+@!]/;

/**
 * Splits a comma-separated list at top-level commas only, so braces keep their own commas
 * (`query_{GetOrder,GetOrders}, view_*` is two patterns). Items are trimmed; empty ones dropped.
 */
export function splitPatterns(list: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '\\') i++;
    else if (c === '{' || c === '[') depth++;
    // Never below 0: a stray `}` must not swallow the next item (the pattern holding it is refused).
    else if ((c === '}' || c === ']') && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      items.push(list.slice(start, i));
      start = i + 1;
    }
  }
  items.push(list.slice(start));
  return items.map((item) => item.trim()).filter((item) => item.length > 0);
}

function variableParts(pattern: string): number {
  return (pattern.match(/\*+/g)?.length ?? 0) + (pattern.match(/\{/g)?.length ?? 0);
}

function shapeProblem(raw: string, pattern: string): string | undefined {
  if (raw.length > FILTER_LIMITS.maxPatternLength) {
    return `pattern ${quote(raw, 40)} is longer than ${FILTER_LIMITS.maxPatternLength} characters`;
  }
  if (raw.startsWith('!')) return `pattern ${quote(raw)}: negation is not supported; put the pattern in the deny list`;
  if (EXTGLOB_CHARS.test(pattern)) {
    return `pattern ${quote(raw)}: extglob syntax ( ) | + @ ! is not supported; use braces {a,b}`;
  }
  if (!ALLOWED_CHARS.test(pattern)) {
    return `pattern ${quote(raw)} contains a character that can never match a name (allowed: letters, digits, _ $ and the glob characters * ? [ ] { } , . ^ - \\; one ':' after the kind)`;
  }
  if (variableParts(pattern) > FILTER_LIMITS.maxVariableParts) {
    return `pattern ${quote(raw)} has more than ${FILTER_LIMITS.maxVariableParts} wildcards ('*' runs and '{...}' groups)`;
  }
  return undefined;
}

/** Compiles one pattern (already trimmed) after normalizing its first `:` to `_`. */
export function compilePattern(raw: string, source: string): GlobPattern {
  const pattern = normalizeName(raw);
  const problem = shapeProblem(raw, pattern);
  if (problem) throw new FilterParseError(source, problem);
  let matches: (name: string) => boolean;
  try {
    matches = picomatch(pattern, PICOMATCH_OPTIONS);
  } catch (error) {
    throw new FilterParseError(
      source,
      `pattern ${quote(raw)} is not a valid glob: ${asciiLine((error as Error).message)}`,
    );
  }
  const malformed = globSyntaxProblem(raw, pattern);
  if (malformed) throw new FilterParseError(source, malformed);
  return { pattern: raw, matches };
}

function collectItems(input: unknown, source: string): { raw: string; source: string }[] {
  if (input === undefined || input === null) return [];
  if (typeof input === 'string') return splitPatterns(input).map((raw) => ({ raw, source }));
  if (!Array.isArray(input)) throw new FilterParseError(source, 'expected a list of glob patterns');
  return input.flatMap((item, i) => {
    const itemSource = `${source}[${i}]`;
    if (typeof item !== 'string') throw new FilterParseError(itemSource, 'expected a glob pattern (string)');
    return splitPatterns(item).map((raw) => ({ raw, source: itemSource }));
  });
}

/**
 * Parses a pattern list: a comma-separated string (header, env) or an array of strings (config),
 * each item possibly comma-separated too. Throws {@link FilterParseError} naming `source`.
 */
export function parsePatternList(input: unknown, source: string): GlobPattern[] {
  const items = collectItems(input, source);
  if (items.length > FILTER_LIMITS.maxPatterns) {
    throw new FilterParseError(source, `more than ${FILTER_LIMITS.maxPatterns} patterns (${items.length})`);
  }
  return items.map((item) => compilePattern(item.raw, item.source));
}
