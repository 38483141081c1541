import { canonicalJson } from '../../../protocol/protocol-era/request-state.codec';

/** Longest value shown per argument; a longer one is cut with a mark saying so. */
const MAX_SHOWN_VALUE = 300;
/** Longest arguments text shown; arguments past it are named, their values marked as not shown. */
const MAX_SHOWN_ARGS = 2000;
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
 * cannot bury one by its key order), values as canonical JSON. Whatever is cut says so.
 */
export function shownArguments(args: object, ruledFirst: readonly string[]): string {
  const plain = (JSON.parse(JSON.stringify(args) ?? '{}') ?? {}) as Record<string, unknown>;
  const names = Object.keys(plain).sort();
  const ordered = [...ruledFirst.filter((name) => Object.hasOwn(plain, name)), ...names];
  const parts: string[] = [];
  let length = 0;
  for (const name of new Set(ordered)) {
    const key = cut(JSON.stringify(name), MAX_SHOWN_NAME);
    const value = length < MAX_SHOWN_ARGS ? cut(canonicalJson(plain[name]), MAX_SHOWN_VALUE) : '…[not shown]';
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
