import type { ClientFilters } from '@myko/filter';
import type { OperationDescriptor, OperationRegistry } from '@myko/registry';
import type { NamedOperation } from './script-operation-ids';
import { distance } from './spelling';

/** Operations of the same kind suggested at most for an unknown id. */
export const MAX_SUGGESTED_OPERATIONS = 3;

/** Says what an unknown operation id should have been; see `operationHinter`. */
export type OperationHint = (op: NamedOperation, said: string) => string | undefined;

/**
 * What an unknown operation id should have been, from the operations the caller can see (a hidden one is never
 * named, so a refusal reads the same for a hidden id as for a missing one): the same id under another kind
 * (`OrderSummary is a view, not a query`), else up to three ids of the same kind close by spelling or sharing
 * words (`Restock` → `RestockProduct`), leaving out those the message (`said`) already names. The visible
 * operations are listed once per hinter, on its first use: one refusal's unknown ids share the listing.
 */
export function operationHinter(registry: OperationRegistry, filters: ClientFilters): OperationHint {
  let visible: readonly OperationDescriptor[] | undefined;
  return (op, said) => {
    visible ??= registry.list().filter((descriptor) => filters.isVisible(descriptor.name));
    const other = visible.find((descriptor) => descriptor.id === op.id && descriptor.kind !== op.kind);
    if (other) return `${op.id} is a ${other.kind}, not a ${op.kind}: call myko.${other.kind}('${op.id}', …).`;
    const close = nearestOfKind(op, visible).filter((id) => !said.includes(`'${id}'`));
    if (close.length === 0) return undefined;
    return `Close ${op.kind} ids: ${close.map((id) => `myko.${op.kind}('${id}')`).join(', ')}.`;
  };
}

function nearestOfKind(op: NamedOperation, visible: readonly OperationDescriptor[]): string[] {
  const typed = words(op.id);
  return visible
    .filter((descriptor) => descriptor.kind === op.kind)
    .map((descriptor) => ({ id: descriptor.id, score: scoreOf(op.id, typed, descriptor.id) }))
    .filter((entry) => entry.score < 1)
    .sort((a, b) => a.score - b.score || a.id.localeCompare(b.id))
    .slice(0, MAX_SUGGESTED_OPERATIONS)
    .map((entry) => entry.id);
}

/** Below 1 when worth suggesting: more shared words and fewer edits are closer; unrelated ids score 1 or more. */
function scoreOf(typedId: string, typed: readonly string[], id: string): number {
  const theirs = words(id);
  const shared = typed.filter((word) => theirs.includes(word)).length;
  const edits = distance(typedId.toLowerCase(), id.toLowerCase()) / Math.max(typedId.length, id.length);
  if (shared === 0) return edits <= 0.34 ? edits : 1;
  return 1 - shared / Math.max(typed.length, theirs.length) / 2 - (id.startsWith(typedId) ? 0.25 : 0) + edits / 4;
}

/** `RestockProduct` → `restock`, `product`; `Customer360` → `customer`, `360`. */
function words(id: string): string[] {
  return id
    .split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Za-z])(?=[0-9])|[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}
