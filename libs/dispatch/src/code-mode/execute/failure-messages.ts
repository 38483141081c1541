import type { SandboxFailure, SandboxFailureKind } from '@myko/sandbox';

interface FailureText {
  /** What happened, in a few words. */
  title: string;
  /** What the model should do about it; absent when the error message says it all. */
  hint?: string;
}

// The sandbox's own messages already say what to do about each limit; hints fill the gaps.
const FAILURES: Record<SandboxFailureKind, FailureText> = {
  syntax: {
    title: 'the code does not compile',
    hint: "`code` is the body of an async function: statements, await and return, e.g. `const r = await myko.query('Id', {}); return r;`.",
  },
  script: { title: 'the script threw an error' },
  timeout: {
    title: 'the wall-clock time limit was reached',
    hint: 'Do less in one execution, or pass a larger timeoutMs (up to the server maximum).',
  },
  cpu: { title: 'the CPU time limit was reached' },
  memory: { title: 'the memory limit was reached' },
  'call-limit': { title: 'too many operation calls in one execution' },
  'argument-size': { title: 'the arguments of an operation call are too large' },
  'result-size': { title: 'the returned value is too large' },
  cancelled: { title: 'the execution was cancelled' },
  'queue-full': { title: 'the server is busy running other executions' },
  internal: { title: 'an internal error stopped the sandbox' },
};

/** The first text block of a failed `execute`: what failed, where in the user's code, and what to do. */
export function describeFailure(failure: SandboxFailure): string {
  const text = FAILURES[failure.kind] ?? FAILURES.internal;
  const message = failure.kind === 'internal' ? 'Internal error' : `${failure.name}: ${failure.message}`;
  const lines = [`Execution failed: ${text.title}.`, `${message}${location(failure)}`];
  if (text.hint) lines.push(text.hint);
  if (failure.preview) lines.push(`Start of the value: ${failure.preview}`);
  return lines.join('\n');
}

function location(failure: SandboxFailure): string {
  if (failure.line === undefined) return '';
  return failure.column === undefined
    ? ` (line ${failure.line} of your code)`
    : ` (line ${failure.line}, column ${failure.column} of your code)`;
}
