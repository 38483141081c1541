import type { ScriptDiagnostic } from './type-check.protocol';

/** Diagnostics shown at most; the rest are counted. */
const MAX_SHOWN = 10;
/** A message is cut here: the expected type of a large object is long. */
const MAX_MESSAGE_CHARS = 300;

/** `line:col message` per diagnostic, in order, capped and cut, the rest counted: what the model reads. */
export function renderDiagnostics(diagnostics: readonly ScriptDiagnostic[]): string {
  const sorted = [...diagnostics].sort((a, b) => a.line - b.line || a.column - b.column);
  const lines = sorted.slice(0, MAX_SHOWN).map((d) => `${d.line}:${d.column} ${cut(d.message)}`);
  const more = sorted.length - MAX_SHOWN;
  if (more > 0) lines.push(`… and ${more} more`);
  return lines.join('\n');
}

function cut(message: string): string {
  return message.length <= MAX_MESSAGE_CHARS ? message : `${message.slice(0, MAX_MESSAGE_CHARS - 1)}…`;
}
