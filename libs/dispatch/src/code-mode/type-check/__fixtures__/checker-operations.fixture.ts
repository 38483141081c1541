import { ClientFilters } from '@myko/filter';
import type { OperationDescriptor, OperationRegistry } from '@myko/registry';
import { namedOperations } from '../script-operation-ids';
import { TypeCheckDeclarations } from '../type-check-declarations';

const ROW_SCHEMA = {
  type: 'object',
  properties: { sku: { type: 'string' }, productId: { type: 'number' }, available: { type: 'number' } },
  required: ['sku', 'productId', 'available'],
};

function operation(kind: string, id: string, args: [string, string, boolean][], outputType: string) {
  return {
    name: `${kind}_${id}`,
    kind,
    id,
    description: id,
    args: args.map(([name, tsType, optional]) => ({ name, tsType, optional })),
    inputSchema: { type: 'object' },
    outputType,
    outputSchema: outputType.startsWith('LowStockRow') ? ROW_SCHEMA : { type: 'number' },
    readOnly: kind !== 'command',
    idempotent: false,
    destructive: false,
    source: 'spec',
  } as unknown as OperationDescriptor;
}

export const OPERATIONS = [
  operation(
    'report',
    'LowStock',
    [
      ['warehouseCode', 'string', true],
      ['status', "'pending' | 'paid'", true],
      ['limit', 'number', true],
    ],
    'LowStockRow[]',
  ),
  operation(
    'command',
    'Restock',
    [
      ['productId', 'number', false],
      ['warehouseCode', 'string', false],
      ['quantity', 'number', false],
    ],
    'number',
  ),
];

/** The declarations the host renders for a script over these two operations, as any client sees them. */
export function declarationsFor(code: string): string {
  const registry = { get: (name: string) => OPERATIONS.find((op) => op.name === name) };
  const declarations = new TypeCheckDeclarations(registry as unknown as OperationRegistry);
  return declarations.render(namedOperations(code).operations, ClientFilters.ALLOW_ALL, false).text;
}
