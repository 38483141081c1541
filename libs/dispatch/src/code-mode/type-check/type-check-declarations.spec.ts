import { ClientFilters } from '@myko/filter';
import type { OperationDescriptor, OperationRegistry } from '@myko/registry';
import { TypeCheckDeclarations } from './type-check-declarations';

function command(outputSchema: Record<string, unknown>): OperationDescriptor {
  return {
    name: 'command_CancelOrder',
    kind: 'command',
    id: 'CancelOrder',
    description: 'Cancel an order.',
    args: [],
    inputSchema: { type: 'object' },
    outputType: 'Order',
    outputSchema,
    readOnly: false,
    idempotent: false,
    destructive: false,
    source: 'spec',
  } as OperationDescriptor;
}

function declarationsFor(descriptor: OperationDescriptor): string {
  const registry = { get: (name: string) => (name === descriptor.name ? descriptor : undefined) };
  const declarations = new TypeCheckDeclarations(registry as unknown as OperationRegistry);
  return declarations.render([{ kind: 'command', id: 'CancelOrder' }] as never, ClientFilters.ALLOW_ALL, false).text;
}

describe('TypeCheckDeclarations', () => {
  it('declares a result type with its fields, so a misspelt field is an error', () => {
    const text = declarationsFor(
      command({ type: 'object', properties: { status: { type: 'string' } }, required: ['status'] }),
    );
    expect(text).toMatch(/interface Order \{[^}]*status: string/);
  });

  it('reads a result type whose schema names no field (an undecorated output class) as any, not as {}', () => {
    const text = declarationsFor(command({ type: 'object', properties: {} }));
    expect(text).toContain('type Order = any;');
    expect(text).not.toMatch(/interface Order\s*\{\s*\}/);
  });
});
