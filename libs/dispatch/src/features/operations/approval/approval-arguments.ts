import { canonicalJson } from '../../../protocol/protocol-era/request-state.codec';

/** Longest arguments text shown whole; past it, each value is cut to its share of it (with a mark). */
const MAX_SHOWN_ARGS = 2000;
/** The least of a value shown when values must be cut (many arguments): arguments past the budget are named only. */
const MIN_SHOWN_VALUE = 120;
/** Longest argument name shown. */
const MAX_SHOWN_NAME = 64;

/**
 * Characters that could make the question read other than it is: controls, format characters (the
 * bidirectional overrides and isolates, zero-width ones), line and paragraph separators, lone surrogates.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/**
 * The arguments of a call as the user reads them in an approval question: every top-level argument,
 * those the caller's profile rules on (`ruledFirst`) first and the rest in sorted order (so the script
 * cannot bury one by its key order), values as canonical JSON. Arguments that fit in `MAX_SHOWN_ARGS`
 * are shown whole; otherwise each value is cut to its share, and whatever is cut says so.
 */
export function shownArguments(args: object, ruledFirst: readonly string[]): string {
  const plain = (JSON.parse(JSON.stringify(args) ?? '{}') ?? {}) as Record<string, unknown>;
  const sorted = Object.keys(plain).sort();
  const names = [...new Set([...ruledFirst.filter((name) => Object.hasOwn(plain, name)), ...sorted])];
  const entries = names.map((name) => [cut(JSON.stringify(name), MAX_SHOWN_NAME), canonicalJson(plain[name])]);
  const whole = entries.reduce((sum, [key, value]) => sum + key.length + value.length + 2, 0) <= MAX_SHOWN_ARGS;
  const share = whole ? Number.POSITIVE_INFINITY : Math.max(MIN_SHOWN_VALUE, Math.floor(MAX_SHOWN_ARGS / names.length));
  const parts: string[] = [];
  let length = 0;
  for (const [key, json] of entries) {
    const value = length < MAX_SHOWN_ARGS ? cut(json, share) : '…[not shown]';
    parts.push(`${key}:${value}`);
    length += key.length + value.length + 1;
  }
  return `{${parts.join(',')}}`;
}

/** `text` with every character that could disguise it written as a `\u` escape. */
export function escapeInvisible(text: string): string {
  return text.replace(INVISIBLE, (char) => {
    const code = char.codePointAt(0) as number;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…[cut: ${max} of ${text.length} chars shown]` : text;
}
