import type { ScriptDiagnostic } from './type-check.protocol';

/** Diagnostics shown at most; the rest are counted. */
const MAX_SHOWN = 10;
/**
 * A message is cut here: the expected type of a large object is long. Room for TypeScript's words (300) and the
 * hint of what would be right (MAX_HINT_CHARS, 400) with the space between.
 */
const MAX_MESSAGE_CHARS = 701;

/** One diagnostic for programs: where, what, and the type it was measured against where there is one. */
export interface ReportedDiagnostic {
  readonly line: number;
  readonly column: number;
  readonly message: string;
  readonly expected?: string;
}

/** `line:col message` per diagnostic, in order, capped and cut, the rest counted: what the model reads. */
export function renderDiagnostics(diagnostics: readonly ScriptDiagnostic[]): string {
  const sorted = inOrder(diagnostics);
  const lines = sorted.slice(0, MAX_SHOWN).map((d) => `${d.line}:${d.column} ${cut(d.message)}`);
  const more = sorted.length - MAX_SHOWN;
  if (more > 0) lines.push(`… and ${more} more`);
  return lines.join('\n');
}

/** The same diagnostics as data, in the same order, capped and cut alike (`more`: how many were left out). */
export function reportDiagnostics(diagnostics: readonly ScriptDiagnostic[]): {
  diagnostics: ReportedDiagnostic[];
  more?: number;
} {
  const sorted = inOrder(diagnostics);
  const shown = sorted.slice(0, MAX_SHOWN).map(({ line, column, message, expected }) => ({
    line,
    column,
    message: cut(message),
    ...(expected === undefined ? {} : { expected: cut(expected) }),
  }));
  const more = sorted.length - shown.length;
  return more > 0 ? { diagnostics: shown, more } : { diagnostics: shown };
}

function inOrder(diagnostics: readonly ScriptDiagnostic[]): ScriptDiagnostic[] {
  return [...diagnostics].sort((a, b) => a.line - b.line || a.column - b.column);
}

function cut(message: string): string {
  return message.length <= MAX_MESSAGE_CHARS ? message : `${message.slice(0, MAX_MESSAGE_CHARS - 1)}…`;
}
