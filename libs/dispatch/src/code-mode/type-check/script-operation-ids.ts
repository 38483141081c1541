import { OPERATION_KINDS, type OperationKind } from '@myko/registry';

/** An operation a script names with a literal id: `myko.query('GetOrders', …)` at `offset` in the code. */
export interface NamedOperation {
  readonly kind: OperationKind;
  readonly id: string;
  /** Where the id's literal starts in the script, for a diagnostic on an unknown one. */
  readonly offset: number;
}

const CALL = new RegExp(
  `\\bmyko\\s*(?:\\.\\s*(${OPERATION_KINDS.join('|')})|\\[\\s*(['"])(${OPERATION_KINDS.join('|')})\\2\\s*\\])\\s*\\(\\s*(['"\`])([A-Za-z0-9_$.-]{1,200})\\4`,
  'g',
);

/**
 * The operations a script names, found statically: the declarations of a check hold only these. An id computed
 * at run time is not found here; the declarations' fallback types such a call as `any` (the checker cannot judge it).
 */
export function namedOperations(code: string): NamedOperation[] {
  const found: NamedOperation[] = [];
  for (const match of code.matchAll(CALL)) {
    const kind = (match[1] ?? match[3]) as OperationKind;
    const id = match[5];
    found.push({ kind, id, offset: match.index + match[0].length - id.length - 1 });
  }
  return found;
}
