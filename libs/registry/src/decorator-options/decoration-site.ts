import { fileURLToPath } from 'node:url';
import { originalPosition } from './original-position';

/** A V8 stack frame, `at fn (file:line:column)` or `at file:line:column`. */
const FRAME = /^\s*at (?:.*\()?(.+?):(\d+):(\d+)\)?$/;

/**
 * Where the decorator factory `factory` was called from, as `file:line`: the first stack frame
 * above it, which is the line applying the decorator (`@Query({…})` in TypeScript, the
 * `Reflect.decorate([Query({…})], …)` call in a hand-written JavaScript plugin), mapped back to
 * the TypeScript source when the compiled file has a source map. Undefined when the stack does not say.
 */
export function decorationSite(factory: Function): string | undefined {
  const holder: { stack?: string } = {};
  Error.captureStackTrace(holder, factory);
  const caller = (holder.stack ?? '').split('\n')[1];
  const match = caller === undefined ? null : FRAME.exec(caller);
  if (!match) return undefined;
  const file = match[1].startsWith('file://') ? fileURLToPath(match[1]) : match[1];
  const { file: source, line } = originalPosition({ file, line: Number(match[2]), column: Number(match[3]) });
  return `${source}:${line}`;
}
