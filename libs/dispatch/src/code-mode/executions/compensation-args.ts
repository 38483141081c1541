import type { CommandCompensation } from '@myko/registry';
import type { JournalCall } from './execution-record';

/**
 * The compensating command's arguments for one committed call, from its compensation's mapping: a function of the
 * recorded arguments and result (both as JSON, as the journal kept them), a declarative `{ <argument>:
 * 'args.<path>' | 'result.<path>' }`, or, without a mapping, the original arguments unchanged.
 */
export function compensationArgs(compensation: CommandCompensation, call: JournalCall): unknown {
  const args = JSON.parse(call.args) as unknown;
  const result = call.result === undefined ? undefined : (JSON.parse(call.result) as unknown);
  const mapping = compensation.args;
  if (mapping === undefined) return args;
  if (typeof mapping === 'function') return mapping(args, result);
  const roots: Record<string, unknown> = { args, result };
  return Object.fromEntries(Object.entries(mapping).map(([name, path]) => [name, valueAt(roots, path)]));
}

/** The value at a dotted path (`result.previous.unitPriceCents`), or undefined where a step is missing. */
function valueAt(root: unknown, path: string): unknown {
  let value = root;
  for (const step of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}
