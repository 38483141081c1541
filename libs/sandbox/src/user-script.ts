import type { SandboxFailure } from './interfaces/sandbox-run.interface';
import { messageOf } from './isolate-failure.mapper';
import { USER_SCRIPT_FILENAME } from './sandbox.constants';

/**
 * The user's code becomes the body of an async function on the lines after the wrapper's first line; the
 * origin's `lineOffset: -1` makes stack traces and syntax errors count the user's own lines from 1.
 */
export function wrapUserCode(code: string): string {
  return `(async function () {\n${code}\n})`;
}

export const USER_SCRIPT_ORIGIN = { filename: USER_SCRIPT_FILENAME, lineOffset: -1 } as const;

/** isolated-vm appends ` [<filename>:<line>:<column>]` to compile-error messages. */
const COMPILE_POSITION = / \[[^\]]*:(\d+):(\d+)\]$/;

/** Turns an isolated-vm compile error into a `syntax` failure that points at the user's line. */
export function toSyntaxFailure(error: unknown, code: string): SandboxFailure {
  const raw = messageOf(error);
  const match = COMPILE_POSITION.exec(raw);
  const message = match ? raw.slice(0, match.index) : raw;
  const failure: SandboxFailure = { kind: 'syntax', name: 'SyntaxError', message };
  if (!match) return failure;
  const lastLine = code.split('\n').length;
  const line = Number(match[1]);
  if (line > lastLine) {
    // The parser only noticed at the wrapper's closing `})`: something the user opened was never closed.
    failure.message = `${message}: the code ends while a brace, bracket, parenthesis, string or comment is still open`;
    failure.line = lastLine;
    return failure;
  }
  failure.line = Math.max(line, 1);
  failure.column = Number(match[2]);
  return failure;
}
