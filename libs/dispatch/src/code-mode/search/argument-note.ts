import { descriptionClauses, STATEMENT_ENDS } from './description-clauses';

/**
 * What a piece of text must show to say more than an argument's name and type do: an example or
 * a pointer elsewhere, a number, a unit, a quoted value, an operation name, or a rule about the values.
 */
const SIGNALS: readonly RegExp[] = [
  /(?:^|[\s(])(?:e\.g\.|i\.e\.)|\b(?:for example|such as|see)\b/i,
  /\d/,
  /%|\b(?:cents?|euros?|dollars?|ms|milliseconds?|seconds?|minutes?|hours?|days?|weeks?|months?|years?|bytes?|percent)\b/i,
  /"[^"]+"|`[^`]+`/,
  /\b(?:query|view|report|command)_\w/,
  /\b(?:only|must|required|unless|otherwise|at most|at least|unique|guard|refused|fails?|inclusive|exclusive|exact|exactly|case-insensitive|case-sensitive|signed|positive|negative|default|never|always|regex|glob)\b/i,
];
/**
 * A statement that only gives the default ("Default 50."): the call needs no optional argument's default, so
 * in a signature it is not worth its bytes (`detail: 'full'` keeps the whole description).
 */
const DEFAULT_ONLY = /^\s*default:?\s+[^\s.;,]+[\s.;]*$/i;
/** Codes in capitals (`BER`, `YYYY-MM-DD`, `UTC`) and names in camelCase (`nextOffset`). */
const CODE_WORDS = /\b[A-Z]{2,}\b|\b[a-z]+[A-Z]\w*/g;

/**
 * The part of an argument's description worth its bytes next to the argument's name and type in
 * a signature, or undefined when there is none. Kept: each statement (a sentence, or a part of one
 * after a semicolon) that carries an example, a number, a unit, a code in capitals or a format, a
 * quoted value, another field or an operation, or a constraint — without its leading comma-separated
 * parts that carry none ("Fulfilling warehouse code, e.g. BER." → "e.g. BER"). Dropped: what only
 * says the name again in words ("The Customer's id.", "Records to skip"), and a code that is the
 * name itself (`ID` of `id`), and a statement that only gives the default. The kept text loses its final period.
 */
export function argumentNote(name: string, description: string | undefined): string | undefined {
  if (!description) return undefined;
  const informs = (text: string) => !DEFAULT_ONLY.test(text) && informative(name, text);
  const kept = descriptionClauses(description.replace(/\s+/g, ' ').trim(), STATEMENT_ENDS)
    .filter(informs)
    .map((statement) => {
      const parts = descriptionClauses(statement, ',');
      const first = parts.findIndex(informs);
      return parts.slice(first).join('');
    });
  return kept.length === 0 ? undefined : kept.join('').replace(/[\s.,;]+$/, '');
}

function informative(name: string, text: string): boolean {
  if (SIGNALS.some((signal) => signal.test(text))) return true;
  const own = singular(name);
  return (text.match(CODE_WORDS) ?? []).some((word) => singular(word) !== own);
}

function singular(word: string): string {
  return word.toLowerCase().replace(/s$/, '');
}
