import type { ClientFilters } from '@myko/filter';
import { OPERATION_KINDS, type OperationDescriptor, type OperationRegistry } from '@myko/registry';
import { callOf } from './search/search-suggestions';

const LEGACY_NAME = new RegExp(`^(?:${OPERATION_KINDS.join('|')})[_:]`);

/**
 * A pre-Code-Mode client may still call an operation as a tool (`query_GetOrders`, or the older
 * `query:GetOrders`). When that operation exists and is visible, the model is told how to reach it
 * now; when the name only looks like one, the closest visible operations (`closest`) are named;
 * otherwise undefined, and the name is an unknown tool like any other.
 */
export function legacyToolHint(
  name: string,
  registry: OperationRegistry,
  filters: ClientFilters,
  closest?: (name: string) => OperationDescriptor[],
): string | undefined {
  const opName = name.replace(':', '_');
  const op = registry.get(opName);
  if (!op || !filters.isVisible(opName)) return LEGACY_NAME.test(name) ? didYouMean(name, closest) : undefined;
  return [
    `"${name}" is not a tool on this server: operations are called from code.`,
    `Use \`search\` to look it up (arguments {"query": "${op.id}", "detail": "full"}),`,
    `then \`execute\` with code such as: return await myko.${op.kind}('${op.id}', { /* args */ });`,
  ].join(' ');
}

function didYouMean(name: string, closest?: (name: string) => OperationDescriptor[]): string | undefined {
  const near = closest?.(name) ?? [];
  if (near.length === 0) return undefined;
  const calls = near.map(callOf).join(' or ');
  return (
    `"${name.slice(0, 200)}" is not a tool or an operation on this server. Did you mean ${calls}? ` +
    'Operations are called from code with `execute`; `search` finds them.'
  );
}
