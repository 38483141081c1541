import type { OperationDescriptor } from '@myko/registry';

/** `42 operations: 15 query, 5 view, 6 report, 16 command`, kinds in registry order. */
export function operationSummary(operations: readonly Pick<OperationDescriptor, 'kind'>[]): string {
  const counts = new Map<string, number>();
  for (const { kind } of operations) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const parts = ['query', 'view', 'report', 'command'].map((kind) => `${counts.get(kind) ?? 0} ${kind}`);
  return `${operations.length} operations: ${parts.join(', ')}`;
}
