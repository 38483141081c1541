import type { SandboxFailure } from '../interfaces/sandbox-run.interface';
import { USER_SCRIPT_FILENAME } from '../sandbox.constants';
import { messageOf } from './isolate-failure.mapper';

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

/** V8's parser ran out of stack: the code nests too deeply (e.g. 100,000 parentheses) to compile. */
export function isNestingError(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'RangeError' && /call stack/i.test(messageOf(error));
}

/**
 * Too deep to compile is the script's error, not the sandbox's: a `syntax` failure at the line where the
 * brackets nest deepest (V8 reports no position for it).
 */
export function toNestingFailure(code: string): SandboxFailure {
  let depth = 0;
  let deepest = 0;
  let line = 1;
  let deepestLine = 1;
  for (let i = 0; i < code.length; i++) {
    const char = code.charCodeAt(i);
    if (char === 10) line++;
    else if (char === 40 || char === 91 || char === 123) {
      if (++depth > deepest) {
        deepest = depth;
        deepestLine = line;
      }
    } else if (char === 41 || char === 93 || char === 125) depth--;
  }
  return {
    kind: 'syntax',
    name: 'SyntaxError',
    message: `The code nests too deeply to compile (${deepest} levels of brackets); flatten it into smaller expressions`,
    line: deepestLine,
  };
}

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
