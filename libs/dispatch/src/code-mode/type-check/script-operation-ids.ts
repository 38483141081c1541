import { OPERATION_KINDS, type OperationKind } from '@myko/registry';

/** An operation a script names with a literal id: `myko.query('GetOrders', …)` at `offset` in the code. */
export interface NamedOperation {
  readonly kind: OperationKind;
  readonly id: string;
  /** Where the id's literal first starts in the script, for a diagnostic on an unknown one. */
  readonly offset: number;
}

/** The distinct operations a script names, in order of first mention, up to a bound. */
export interface NamedOperations {
  readonly operations: readonly NamedOperation[];
  /** The first operation past the bound, when the script names more: the scan stopped there. */
  readonly overflow?: NamedOperation;
}

/**
 * Distinct operations one script may name before it is refused unjudged. Honest scripts name a handful; the
 * bound keeps the declarations, the registry lookups and the diagnostics of a check small whatever the script.
 */
export const MAX_NAMED_OPERATIONS = 256;

// Sticky: tried only where `myko` starts (found with indexOf, which skips the rest of the script far faster than the
// regex's own search could from every position).
const CALL = new RegExp(
  `myko\\s*(?:\\.\\s*(${OPERATION_KINDS.join('|')})|\\[\\s*(['"])(${OPERATION_KINDS.join('|')})\\2\\s*\\])\\s*\\(\\s*(['"\`])([A-Za-z0-9_$.-]{1,200})\\4`,
  'y',
);
const WORD = /\w/;

/**
 * The operations a script names, found statically in one pass: the declarations of a check hold only these. A
 * repeated id counts once (at its first mention). An id computed at run time is not found here; the declarations'
 * fallback types such a call as `any` (the checker cannot judge it).
 */
export function namedOperations(code: string, max = MAX_NAMED_OPERATIONS): NamedOperations {
  const found = new Map<string, NamedOperation>();
  for (let at = code.indexOf('myko'); at !== -1; at = code.indexOf('myko', at + 4)) {
    if (at > 0 && WORD.test(code[at - 1])) continue;
    CALL.lastIndex = at;
    const match = CALL.exec(code);
    if (!match) continue;
    const kind = (match[1] ?? match[3]) as OperationKind;
    const id = match[5];
    const key = `${kind}_${id}`;
    if (found.has(key)) continue;
    const operation = { kind, id, offset: match.index + match[0].length - id.length - 1 };
    if (found.size === max) return { operations: [...found.values()], overflow: operation };
    found.set(key, operation);
  }
  return { operations: [...found.values()] };
}
