import { missingOptionMessage, unknownOptionMessage, wrongOptionTypeMessage } from '../registry.messages';
import { closestName } from '../utils/closest-name.util';
import type { AnyOptionTable } from './option-table.interface';

/**
 * Every problem of a decorator's `options` against its table, at once: unknown keys (with the closest
 * known key), missing required ones, and each value its row's rule refuses. `path` prefixes the keys
 * of a nested object (`resource`). Empty when the options are right.
 */
export function checkOptions(options: unknown, table: AnyOptionTable, path = ''): string[] {
  if (!isObject(options)) return [wrongOptionTypeMessage(path, 'an object', options)];
  const given = options as Record<string, unknown>;
  const known = Object.keys(table);
  const problems: string[] = [];
  // A misspelt required key is one mistake: "did you mean `description`?" says it, "is required" would repeat it.
  const suggested = new Set<string>();
  for (const key of Object.keys(given)) {
    if (Object.hasOwn(table, key)) continue;
    const suggestion = closestName(key, known);
    if (suggestion !== undefined) suggested.add(suggestion);
    problems.push(unknownOptionMessage(join(path, key), suggestion && join(path, suggestion), known));
  }
  for (const [key, row] of Object.entries(table)) {
    const value = given[key];
    if (value !== undefined) problems.push(...row.rule(value, join(path, key)));
    else if (row.required && !suggested.has(key)) problems.push(missingOptionMessage(join(path, key)));
  }
  return problems;
}

/** Any non-null, non-array object: options, a nested option group, a JSON Schema. */
export function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}
