/** Where a JSON text stops being JSON, and what is wrong there. */
export interface JsonSyntaxProblem {
  /** 1-based. */
  readonly line: number;
  /** 1-based, in characters of the line. */
  readonly column: number;
  /** V8's reason without its position: `Expected double-quoted property name`. */
  readonly reason: string;
  /** The offending line and a caret under the column, indented for an issue list. */
  readonly excerpt: string;
}

/** Whether `prefix` could still be the start of a JSON text: it parses, or fails only at its end. */
function viablePrefix(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return true;
  } catch (error) {
    const message = (error as Error).message;
    if (message.includes('Unexpected end of JSON input')) return true;
    const at = /at position (\d+)/.exec(message);
    return at !== null && Number(at[1]) >= prefix.length;
  }
}

/**
 * The offset of the first character that cannot continue a JSON text: the longest viable prefix,
 * found by bisection (V8 gives no position for some errors, `Unexpected token '}', "…" is not valid JSON`).
 */
function errorOffset(text: string): number {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (viablePrefix(text.slice(0, mid))) low = mid;
    else high = mid - 1;
  }
  return Math.min(low, text.length);
}

/** V8's message without ` in JSON at position 53 (line 4 column 3)` or `, "…" is not valid JSON`. */
function reasonOf(message: string): string {
  return message
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/ at position \d+.*$/s, '')
    .replace(/, ".*" is not valid JSON$/s, '');
}

/** What the usual hand-editing mistakes look like at the offending character. */
function hint(text: string, offset: number): string {
  const char = text[offset];
  const before = text.slice(0, offset).trimEnd();
  if ((char === '}' || char === ']') && before.endsWith(',')) return ' (JSON allows no trailing comma)';
  if (char === '/' || char === '#') return ' (JSON allows no comments)';
  if (char === "'") return ' (JSON strings take double quotes)';
  if (offset === 0 && char === '\uFEFF') return ' (a byte order mark; save the file as UTF-8 without BOM)';
  return '';
}

/** Locates the syntax error `error` (from `JSON.parse(text)`) by line and column, with the line and a caret. */
export function locateJsonSyntaxError(text: string, error: unknown): JsonSyntaxProblem {
  const offset = errorOffset(text);
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const lineEnd = text.indexOf('\n', offset);
  const line = text.slice(0, lineStart).split('\n').length;
  const column = offset - lineStart + 1;
  const source = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd).replace(/\r$/, '');
  const gutter = String(line);
  // Tabs stay tabs under the caret, so it lines up however the terminal renders them.
  const pad = source.slice(0, column - 1).replace(/[^\t]/g, ' ');
  const excerpt = `    ${gutter} | ${source}\n    ${' '.repeat(gutter.length)} | ${pad}^`;
  const reason = reasonOf(error instanceof Error ? error.message : String(error)) + hint(text, offset);
  return { line, column, reason, excerpt };
}
