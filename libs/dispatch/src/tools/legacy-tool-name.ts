import type { ClientFilters } from '@myko/filter';
import type { OperationRegistry } from '@myko/registry';

/**
 * A pre-Code-Mode client may still call an operation as a tool (`query_GetOrders`, or the older
 * `query:GetOrders`). When that operation exists and is visible, the model is told how to reach it
 * now; otherwise undefined, and the name is an unknown tool like any other.
 */
export function legacyToolHint(name: string, registry: OperationRegistry, filters: ClientFilters): string | undefined {
  const opName = name.replace(':', '_');
  const op = registry.get(opName);
  if (!op || !filters.isVisible(opName)) return undefined;
  return [
    `"${name}" is not a tool on this server: operations are called from code.`,
    `Use \`search\` to look it up (arguments {"query": "${op.id}", "detail": "full"}),`,
    `then \`execute\` with code such as: return await myko.${op.kind}('${op.id}', { /* args */ });`,
  ].join(' ');
}
