import { decorationSite } from './decoration-site';
import { checkOptions } from './decorator-options.checker';
import type { AnyOptionTable, InvalidDecoratorOptions } from './option-table.interface';

/**
 * The wrong options of each decorator application, keyed by the metadata object the decorator
 * stored: one record per application, however the class is subclassed or the method decorated.
 *
 * Decorators record, and the explorers throw when the Nest application starts, rather than the
 * decorator throwing as the file is imported: one start-up error then lists every wrong decorator
 * of the application at once, names each provider as discovery sees it (with its `--plugin` file),
 * and importing a file (a unit test, a class no module provides) does not fail. The start still
 * fails before anything is served: discovery runs at module init.
 */
const INVALID_OPTIONS = new WeakMap<object, InvalidDecoratorOptions>();

/**
 * Checks the options a decorator factory was given against its table; when they are wrong, answers
 * the problems with where the decorator was applied (the caller of `factory`). Call it inside the
 * factory, so the stack still holds that caller.
 */
export function inspectOptions(
  decorator: string,
  factory: Function,
  options: unknown,
  table: AnyOptionTable,
): InvalidDecoratorOptions | undefined {
  const problems = checkOptions(options, table);
  if (problems.length === 0) return undefined;
  // Only a wrong decorator pays for a stack trace.
  return { decorator, location: decorationSite(factory), problems };
}

/** Records `invalid` (when given) against `metadata`, the object the decorator stores. */
export function recordInvalidOptions(metadata: object, invalid: InvalidDecoratorOptions | undefined): void {
  if (invalid) INVALID_OPTIONS.set(metadata, invalid);
}

/** What was wrong with the options behind `metadata`, if anything. */
export function invalidOptionsOf(metadata: unknown): InvalidDecoratorOptions | undefined {
  return typeof metadata === 'object' && metadata !== null ? INVALID_OPTIONS.get(metadata) : undefined;
}
