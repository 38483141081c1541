import { descriptionClauses, SENTENCE_ENDS } from './description-clauses';

/** Longest one-line description of a compact search entry. */
export const ONE_LINE_CHARS = 56;

/**
 * An operation's description as one short line: its first sentence, cut at a word before
 * `maxChars` with `…` when longer. Undefined for no description.
 */
export function oneLineDescription(description: string, maxChars = ONE_LINE_CHARS): string | undefined {
  const text = description.replace(/\s+/g, ' ').trim();
  if (text === '') return undefined;
  const first = descriptionClauses(text, SENTENCE_ENDS)[0].trim();
  if (first.length <= maxChars) return first;
  const cut = first.slice(0, maxChars - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > maxChars / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:(]+$/, '')}…`;
}
