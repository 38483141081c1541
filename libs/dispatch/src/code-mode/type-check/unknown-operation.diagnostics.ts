import type { ScriptDiscovery } from '../execute/script-discovery';
import { LineStartTable } from './line-start.table';
import type { NamedOperation } from './script-operation-ids';
import type { ScriptDiagnostic } from './type-check.protocol';

/**
 * Unknown operations that get a diagnostic of their own, with suggestions: each suggestion ranks the whole index,
 * so a script naming thousands of them must not cost thousands of rankings. The rest are counted in one line.
 */
export const MAX_UNKNOWN_DIAGNOSTICS = 5;

/**
 * Distinct unknown (or hidden) operations from which a refused script reads as probing the catalogue, not as
 * an honest mistake: it counts as a strike of the abuse backoff, like a run stopped by a limit.
 */
export const PROBING_UNKNOWN_OPERATIONS = 32;

/**
 * The diagnostics of the operations a script names that the caller cannot call, bounded whatever their number;
 * `hint` adds what the id should have been (operation-hint.ts), from visible operations only.
 */
export function unknownOperationDiagnostics(
  code: string,
  unknown: readonly NamedOperation[],
  discovery: ScriptDiscovery,
  hint: (op: NamedOperation, said: string) => string | undefined = () => undefined,
): ScriptDiagnostic[] {
  if (unknown.length === 0) return [];
  const lines = new LineStartTable(code);
  const diagnostics = unknown.slice(0, MAX_UNKNOWN_DIAGNOSTICS).map((op) => {
    // The run-time message first (a hidden id reads as a missing one), then what would be right.
    const said = discovery.notFound(nameOf(op)).message;
    const more = hint(op, said);
    const joined = more === undefined ? said : `${said}${/[.?!]$/.test(said) ? '' : '.'} ${more}`;
    return { ...lines.positionOf(op.offset), code: 0, message: joined };
  });
  const rest = unknown.slice(MAX_UNKNOWN_DIAGNOSTICS);
  if (rest.length > 0) diagnostics.push(moreUnknown(lines, rest));
  return diagnostics;
}

/** The refusal of a script that names more distinct operations than a check judges. */
export function tooManyOperations(code: string, overflow: NamedOperation, max: number): ScriptDiagnostic {
  const message =
    `The script names more than ${max.toLocaleString('en-US')} distinct operations; it was not checked. ` +
    'Split it into several scripts, or find the operations you need with search.';
  return { ...new LineStartTable(code).positionOf(overflow.offset), code: 0, message };
}

function moreUnknown(lines: LineStartTable, rest: readonly NamedOperation[]): ScriptDiagnostic {
  const more = rest.length > 1 ? ` and ${(rest.length - 1).toLocaleString('en-US')} more unknown operations` : '';
  const message = `Unknown operation: ${nameOf(rest[0])}${more} (not listed one by one); find ids with search.`;
  return { ...lines.positionOf(rest[0].offset), code: 0, message };
}

function nameOf(op: NamedOperation): string {
  return `${op.kind}_${op.id}`;
}
