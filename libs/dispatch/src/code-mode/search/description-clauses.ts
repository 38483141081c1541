/** Abbreviations whose period ends nothing (`e.g. BER`). */
const ABBREVIATION = /(?:^|[\s(])(?:e\.g|i\.e|etc|vs|approx|incl|no)\.$/i;
/** Where a sentence ends. */
export const SENTENCE_ENDS = '.!?';
/** Where a sentence or a part of one separated by a semicolon ends. */
export const STATEMENT_ENDS = '.!?;';

/**
 * Text cut after each of the `separators` that is followed by a space and stands outside
 * brackets and double quotes, each piece with its separator: `descriptionClauses('Page size,
 * 1-500.', ',')` is `['Page size, ', '1-500.']`. A period after an abbreviation (`e.g.`) cuts nothing.
 */
export function descriptionClauses(text: string, separators: string): string[] {
  const clauses: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) depth = Math.max(0, depth - 1);
    else if (depth === 0 && separators.includes(char) && /\s/.test(text[i + 1] ?? '')) {
      if (char === '.' && ABBREVIATION.test(text.slice(start, i + 1))) continue;
      clauses.push(text.slice(start, i + 2));
      start = i + 2;
    }
  }
  if (start < text.length) clauses.push(text.slice(start));
  return clauses;
}
