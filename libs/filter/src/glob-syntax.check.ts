import { quote } from './filter-name.util';

/** Characters an operation name can hold: anything else in a pattern, outside glob syntax, never matches. */
const NAME_CHAR = /^[A-Za-z0-9_$]$/;

interface BraceGroup {
  readonly at: number;
  alternatives: boolean;
}

/**
 * Why a (normalized) pattern is malformed, or undefined. Every bracket and brace must be closed and
 * opened, a `{…}` group must offer a choice (`,` or a `..` range), and every literal character must be
 * one a name can contain: picomatch would read `command_*}` as a literal `}` and accept it, a rule that
 * matches nothing, and a stray `}` in a list would swallow the next item.
 */
export function globSyntaxProblem(raw: string, pattern: string): string | undefined {
  const groups: BraceGroup[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' || c === '?' || NAME_CHAR.test(c)) continue;
    if (c === '[') {
      const end = bracketEnd(pattern, i);
      if (end < 0) return `pattern ${quote(raw)}: '[' at ${i + 1} is never closed`;
      i = end;
    } else if (c === '{') groups.push({ at: i, alternatives: false });
    else if (c === '}') {
      const group = groups.pop();
      if (!group) return `pattern ${quote(raw)}: '}' at ${i + 1} closes no '{'`;
      if (!group.alternatives)
        return `pattern ${quote(raw)}: the group at ${group.at + 1} offers no choice (a,b or a..z)`;
    } else if (c === ',' && groups.length > 0) groups[groups.length - 1].alternatives = true;
    else if (c === '.' && pattern[i + 1] === '.' && groups.length > 0) {
      groups[groups.length - 1].alternatives = true;
      i++;
    } else return `pattern ${quote(raw)}: ${quote(c)} at ${i + 1} can never match a name`;
  }
  const open = groups.pop();
  return open ? `pattern ${quote(raw)}: '{' at ${open.at + 1} is never closed` : undefined;
}

/** Index of the `]` closing the bracket expression at `start`, or -1. Its members must be name characters. */
function bracketEnd(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === '^') i++;
  const first = i;
  for (; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === ']' && i > first) return i;
    if (!NAME_CHAR.test(c) && !(c === '-' && i > first && pattern[i + 1] !== ']')) return -1;
  }
  return -1;
}
