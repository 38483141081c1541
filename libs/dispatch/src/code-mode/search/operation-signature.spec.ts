import type { OperationDescriptor } from '@myko/registry';
import { renderSignature, signatureTypes } from './operation-signature';

const ORDER = {
  type: 'object',
  properties: { id: { type: 'integer' }, status: { enum: ['open', 'paid'] } },
  required: ['id', 'status'],
};

function op(overrides: Partial<OperationDescriptor>): OperationDescriptor {
  return {
    name: 'command_PlaceOrder',
    kind: 'command',
    id: 'PlaceOrder',
    description: 'Place an order.',
    args: [],
    inputSchema: { type: 'object' },
    outputType: 'number',
    readOnly: false,
    idempotent: false,
    destructive: false,
    source: 'spec',
    ...overrides,
  };
}

describe('renderSignature', () => {
  it('writes the kind, id, arguments with their informative notes and the result type', () => {
    const place = op({
      args: [
        { name: 'customerId', tsType: 'number', optional: false, description: 'The customer.' },
        { name: 'warehouseCode', tsType: 'string', optional: true, description: 'Warehouse code, e.g. BER.' },
        { name: 'the note', tsType: 'string', optional: true, description: 'Free text, see */ below.' },
      ],
      outputType: 'Order',
    });
    expect(renderSignature(place)).toBe(
      'command PlaceOrder(args: { customerId: number; warehouseCode?: string /* e.g. BER */; "the note"?: string /* see *\\/ below */ }): Order',
    );
  });

  it('marks args optional when every argument is, and leaves them out when there are none', () => {
    const optional = op({ args: [{ name: 'limit', tsType: 'number', optional: true }], kind: 'query', id: 'List' });
    expect(renderSignature(optional)).toBe('query List(args?: { limit?: number }): number');
    expect(renderSignature(op({ kind: 'report', id: 'Revenue' }))).toBe('report Revenue(): number');
  });
});

describe('signatureTypes', () => {
  it('declares the named result type, of one result or of a list, and the argument types, bounded', () => {
    const one = op({ outputType: 'Order', outputSchema: ORDER });
    expect(signatureTypes(one)).toEqual([
      {
        name: 'Order',
        body: "{ id: number; status: 'open' | 'paid' }",
        members: ['id: number', "status: 'open' | 'paid'"],
      },
    ]);
    const list = op({
      outputType: 'Order[]',
      outputSchema: { type: 'array', items: { $ref: '#/$defs/Order' }, $defs: { Order: ORDER } },
      args: [{ name: 'lines', tsType: 'Line[]', optional: false }],
      inputSchema: {
        type: 'object',
        $defs: { Line: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] } },
      },
    });
    expect(signatureTypes(list).map(({ name }) => name)).toEqual(['Order', 'Line']);
    expect(signatureTypes(list)[1].body).toBe('{ sku: string }');
    const wide = {
      type: 'object',
      properties: Object.fromEntries([...'abcdefghijklmnopqrstuvwxyz'].map((k) => [`field_${k}`, { type: 'string' }])),
    };
    const body = signatureTypes(op({ outputType: 'Wide', outputSchema: wide }))[0].body;
    expect(`type Wide = ${body}`.length).toBeLessThanOrEqual(240);
    expect(body).toMatch(/; … \d+ more }$/);
    // The body is cut, its members are not: a later type is seen to extend it by all of them.
    expect(signatureTypes(op({ outputType: 'Wide', outputSchema: wide }))[0].members).toHaveLength(26);
  });

  it('declares nothing for primitive, void, inline or unknown types', () => {
    expect(signatureTypes(op({ outputType: 'number', outputSchema: { type: 'number' } }))).toEqual([]);
    expect(signatureTypes(op({ outputType: 'void' }))).toEqual([]);
    expect(signatureTypes(op({ outputType: 'Record<string, unknown>', outputSchema: { type: 'object' } }))).toEqual([]);
    const named = op({ args: [{ name: 'x', tsType: 'toString', optional: false }], inputSchema: { $defs: {} } });
    expect(signatureTypes(named)).toEqual([]);
  });
});
