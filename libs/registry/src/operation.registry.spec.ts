import { IsString, ValidateNested } from 'class-validator';
import { GetOrderArgs, Order, PlaceOrderArgs } from './__fixtures__/order.dto';
import { OperationRegistrationError } from './errors';
import type { ProgrammaticOperation } from './interfaces';
import { OperationRegistry } from './operation.registry';

const noop = () => undefined;

function operation(overrides: Partial<ProgrammaticOperation> = {}): ProgrammaticOperation {
  return { kind: 'query', id: 'GetOrders', description: 'Orders', handler: noop, source: 'synthetic', ...overrides };
}

describe('OperationRegistry', () => {
  let registry: OperationRegistry;

  beforeEach(() => {
    registry = new OperationRegistry();
  });

  it('registers a programmatic operation with a complete, frozen descriptor', () => {
    const descriptor = registry.register(
      operation({ id: 'GetOrder', args: GetOrderArgs, output: Order, description: 'One order' }),
    );
    expect(descriptor).toMatchObject({
      name: 'query_GetOrder',
      kind: 'query',
      id: 'GetOrder',
      description: 'One order',
      args: [{ name: 'orderId', tsType: 'string', optional: false }],
      outputType: 'Order',
      readOnly: true,
      idempotent: true,
      destructive: false,
      source: 'programmatic:synthetic',
    });
    expect(descriptor.inputSchema).toMatchObject({ type: 'object', required: ['orderId'] });
    expect(descriptor.outputSchema).toMatchObject({ title: 'Order' });
    expect(registry.get('query_GetOrder')).toBe(descriptor);
    expect(registry.size).toBe(1);
    expect(Object.isFrozen(descriptor)).toBe(true);
    expect(Object.isFrozen(descriptor.args[0])).toBe(true);
    expect(Object.isFrozen(descriptor.inputSchema.properties)).toBe(true);
  });

  it('keeps keywords trimmed, distinct and non-empty, and leaves them out when there are none', () => {
    const keywords = [' order history ', 'purchases', 'purchases', '', 42] as unknown as string[];
    expect(registry.register(operation({ id: 'A', keywords })).keywords).toEqual(['order history', 'purchases']);
    expect(registry.register(operation({ id: 'B', keywords: [' '] }))).not.toHaveProperty('keywords');
    expect(registry.register(operation({ id: 'C' }))).not.toHaveProperty('keywords');
  });

  it('derives the hints of commands from their options', () => {
    const plain = registry.register(operation({ kind: 'command', id: 'PlaceOrder', args: PlaceOrderArgs }));
    const safe = registry.register(operation({ kind: 'command', id: 'Cancel', idempotent: true, destructive: true }));
    expect(plain).toMatchObject({ readOnly: false, idempotent: false, destructive: false, outputType: 'void' });
    expect(plain.outputSchema).toBeUndefined();
    expect(safe).toMatchObject({ readOnly: false, idempotent: true, destructive: true });
  });

  it('ignores idempotent/destructive options on read-only kinds', () => {
    const report = registry.register(operation({ kind: 'report', id: 'Sales', idempotent: false, destructive: true }));
    expect(report).toMatchObject({ readOnly: true, idempotent: true, destructive: false });
  });

  it('lists by kind (query, view, report, command) then id, as a frozen array', () => {
    for (const [kind, id] of [
      ['command', 'A'],
      ['report', 'B'],
      ['query', 'Z'],
      ['view', 'A'],
      ['query', 'B'],
    ] as const) {
      registry.register(operation({ kind, id }));
    }
    const list = registry.list();
    expect(list.map((d) => d.name)).toEqual(['query_B', 'query_Z', 'view_A', 'report_B', 'command_A']);
    expect(Object.isFrozen(list)).toBe(true);
    expect(registry.list()).toBe(list);
    registry.register(operation({ kind: 'query', id: 'A' }));
    expect(registry.list().map((d) => d.name)[0]).toBe('query_A');
  });

  it('fails on a duplicate name, naming both sources', () => {
    registry.add({ ...operation(), source: 'A.GetOrders' });
    expect(() => registry.add({ ...operation({ description: 'other' }), source: 'B.ListOrders' })).toThrow(
      new OperationRegistrationError(
        'Duplicate operation name query_GetOrders: declared by A.GetOrders and B.ListOrders',
      ),
    );
    expect(registry.get('query_GetOrders')?.source).toBe('A.GetOrders');
  });

  it('allows the same id under different kinds', () => {
    registry.register(operation({ kind: 'query' }));
    registry.register(operation({ kind: 'view' }));
    expect(registry.size).toBe(2);
  });

  it.each(['get-orders', '1Orders', '', 'Get Orders', 'Orders.list'])('refuses the id %j, naming the source', (id) => {
    expect(() => registry.add({ ...operation({ id }), source: 'OrderOperations.list' })).toThrow(
      `Invalid operation id ${JSON.stringify(id)} declared by OrderOperations.list`,
    );
    expect(registry.size).toBe(0);
  });

  it('refuses an unknown kind and a missing handler', () => {
    expect(() => registry.register(operation({ kind: 'mutation' as never }))).toThrow(OperationRegistrationError);
    expect(() => registry.register(operation({ handler: undefined as never }))).toThrow(
      'Operation query_GetOrders declared by programmatic:synthetic has no handler function',
    );
  });

  it('names the source when the arguments DTO cannot be described', () => {
    class Nested {
      @IsString()
      a: string;
    }
    class BadArgs {
      @ValidateNested()
      nested: Nested;
    }
    expect(() => registry.register(operation({ args: BadArgs }))).toThrow(
      'Operation query_GetOrders declared by programmatic:synthetic: BadArgs.nested is @ValidateNested()',
    );
  });

  it('refuses registration after sealing, and seal() is idempotent', () => {
    registry.register(operation());
    registry.seal();
    registry.seal();
    expect(registry.isSealed).toBe(true);
    expect(() => registry.register(operation({ id: 'Late' }))).toThrow(
      'Cannot register query_Late (programmatic:synthetic): the operation registry is sealed',
    );
    expect(registry.get('query_GetOrders')).toBeDefined();
    expect(registry.size).toBe(1);
  });

  it('runs onSealed listeners once, at seal or at once when already sealed, after the list is final', () => {
    registry.register(operation());
    const seen: string[][] = [];
    registry.onSealed(() => seen.push(registry.list().map((d) => d.name)));
    registry.register(operation({ id: 'Later' }));
    expect(seen).toEqual([]);
    registry.seal();
    registry.seal();
    expect(seen).toEqual([['query_GetOrders', 'query_Later']]);
    registry.onSealed(() => seen.push(['late']));
    expect(seen).toEqual([['query_GetOrders', 'query_Later'], ['late']]);
  });

  it('keeps the handler for the invoker and answers undefined for unknown names', () => {
    const handler = jest.fn();
    registry.register(operation({ handler }));
    expect(registry.handlerOf('query_GetOrders')).toBe(handler);
    expect(registry.get('query_Nope')).toBeUndefined();
    expect(registry.handlerOf('query_Nope')).toBeUndefined();
  });
});
