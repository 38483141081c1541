import { FilterParseError } from './errors/filter-parse.error';
import { FILTER_LIMITS } from './filter.constants';
import { asciiLine, isMatchableName, normalizeName, quote } from './filter-name.util';
import { compilePattern, type GlobPattern } from './glob-pattern.parser';

/** The rule of one tool key: its argument constraints, and its glob when the key is one. */
export interface CallableRule {
  /** The key as written, for messages. */
  readonly key: string;
  /** The normalized key (`command:X` → `command_X`). */
  readonly name: string;
  readonly glob?: GlobPattern;
  readonly args: ReadonlyArray<readonly [argument: string, values: readonly unknown[]]>;
}

const GLOB_CHARS = /[*?[\]{}]/;

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function jsonValueProblem(value: unknown, depth: number): string | undefined {
  if (depth > FILTER_LIMITS.maxValueDepth) return `is nested deeper than ${FILTER_LIMITS.maxValueDepth} levels`;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : 'is not a finite number';
  if (Array.isArray(value)) return firstProblem(value, depth);
  if (isPlainObject(value)) return firstProblem(Object.values(value), depth);
  return `is ${typeName(value)}, not a JSON value`;
}

function firstProblem(values: readonly unknown[], depth: number): string | undefined {
  for (const v of values) {
    const problem = jsonValueProblem(v, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

function parseArgs(key: string, input: unknown, source: string): CallableRule['args'] {
  if (!isPlainObject(input)) {
    throw new FilterParseError(
      source,
      `at ${quote(key)}: expected an object of argument lists, got ${typeName(input)}`,
    );
  }
  return Object.entries(input).map(([argument, values]) => {
    const at = `at ${quote(key)}.${quote(argument)}`;
    if (argument.length === 0) throw new FilterParseError(source, `at ${quote(key)}: empty argument name`);
    if (!Array.isArray(values)) {
      throw new FilterParseError(source, `${at}: expected an array of values, got ${typeName(values)}`);
    }
    const problem = firstProblem(values, 1);
    if (problem) throw new FilterParseError(source, `${at}: a value ${problem}`);
    return [argument, values] as const;
  });
}

function parseRule(key: string, args: unknown, source: string): CallableRule {
  const name = normalizeName(key);
  if (GLOB_CHARS.test(name))
    return { key, name, glob: compilePattern(key, source), args: parseArgs(key, args, source) };
  if (!isMatchableName(name)) {
    throw new FilterParseError(source, `${quote(key)} is not a valid tool name (<kind>_<id>, search, execute) or glob`);
  }
  return { key, name, args: parseArgs(key, args, source) };
}

function parseText(text: string, source: string): unknown {
  if (Buffer.byteLength(text, 'utf8') > FILTER_LIMITS.maxCallableBytes) {
    throw new FilterParseError(source, `larger than ${FILTER_LIMITS.maxCallableBytes} bytes`);
  }
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new FilterParseError(source, `not valid JSON (${asciiLine((error as Error).message)})`);
  }
}

/**
 * Parses callability rules from JSON text (header, env) or an already-parsed object (config).
 * Keys are normalized like visibility names and may be globs. Empty input means no rules.
 * Throws {@link FilterParseError} naming `source` for bad JSON, a wrong shape, or oversize input.
 */
export function parseCallableRules(input: unknown, source: string): CallableRule[] {
  const parsed = typeof input === 'string' ? parseText(input, source) : input;
  if (parsed === undefined) return [];
  if (!isPlainObject(parsed)) {
    throw new FilterParseError(
      source,
      `expected a JSON object {"<tool>": {"<argument>": [<values>]}}, got ${typeName(parsed)}`,
    );
  }
  const rules = Object.entries(parsed).map(([key, args]) => parseRule(key, args, source));
  const seen = new Set<string>();
  for (const rule of rules) {
    if (seen.has(rule.name))
      throw new FilterParseError(source, `${quote(rule.key)} is listed twice (':' reads as '_')`);
    seen.add(rule.name);
  }
  if (rules.filter((r) => r.glob).length > FILTER_LIMITS.maxCallableGlobKeys) {
    throw new FilterParseError(source, `more than ${FILTER_LIMITS.maxCallableGlobKeys} glob keys`);
  }
  return rules;
}
