import { renderOutputShape, renderTypeBody, renderTypeDeclarations, resultObjectType } from './ts-shape.renderer';

const ORDER = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    status: { type: 'string', enum: ['pending', 'paid'], description: 'Where the order is.' },
    paidAt: { type: ['string', 'null'] },
  },
  required: ['id', 'status'],
};
const PAGE = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'OrderPage',
  type: 'object',
  properties: {
    items: { type: 'array', items: { $ref: '#/$defs/Order' } },
    total: { type: 'integer' },
    nextOffset: { type: ['integer', 'null'] },
  },
  required: ['items', 'total'],
  $defs: { Order: ORDER },
};
const LIST = { type: 'array', items: { $ref: '#/$defs/Order' }, $defs: { Order: ORDER } };

describe('renderOutputShape', () => {
  it('renders the members of an object result and of a list result', () => {
    expect(renderOutputShape('OrderPage', PAGE)).toBe(
      'OrderPage { items: Order[]; total: number; nextOffset?: number | null }',
    );
    expect(renderOutputShape('Order[]', LIST)).toBe(
      "Order { id: number; status: 'pending' | 'paid'; paidAt?: string | null }[]",
    );
  });

  it('cuts members past the bound and says how many are left out', () => {
    const shape = renderOutputShape('OrderPage', PAGE, 40);
    expect(shape).toBe('OrderPage { items: Order[]; … 2 more }');
    expect(renderOutputShape('Order[]', LIST, 10)).toBe('Order { id: number; … 2 more }[]');
  });

  it('has nothing to add for primitives, void and schemaless objects', () => {
    expect(renderOutputShape('number', { type: 'number' })).toBeUndefined();
    expect(renderOutputShape('void', undefined)).toBeUndefined();
    expect(renderOutputShape('Record<string, unknown>', { type: 'object' })).toBeUndefined();
  });
});

describe('renderTypeBody and resultObjectType', () => {
  it('finds the named object type of a result, of one object or of a list', () => {
    expect(resultObjectType('OrderPage', PAGE)).toEqual({ name: 'OrderPage', schema: PAGE });
    expect(resultObjectType('Order[]', LIST)).toEqual({ name: 'Order', schema: ORDER });
    expect(resultObjectType('number', { type: 'number' })).toBeUndefined();
    expect(resultObjectType('Record<string, unknown>', { type: 'object' })).toBeUndefined();
    expect(resultObjectType('void', undefined)).toBeUndefined();
  });

  it('renders the members as an object type, bounded with its declaration', () => {
    expect(renderTypeBody('Order', ORDER)).toBe("{ id: number; status: 'pending' | 'paid'; paidAt?: string | null }");
    expect(renderTypeBody('OrderPage', PAGE, 40)).toBe('{ items: Order[]; … 2 more }');
    expect(`type OrderPage = ${renderTypeBody('OrderPage', PAGE, 50)}`.length).toBeLessThanOrEqual(50);
    expect(renderTypeBody('N', { type: 'number' })).toBeUndefined();
  });
});

describe('renderTypeDeclarations', () => {
  it('declares the result type first, then nested output and input types, with member docs', () => {
    const input = {
      type: 'object',
      properties: { lines: { type: 'array', items: { $ref: '#/$defs/LineInput' } } },
      $defs: { LineInput: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] } },
    };
    expect(renderTypeDeclarations(input, 'OrderPage', PAGE)).toBe(
      [
        'interface OrderPage {\n  items: Order[];\n  total: number;\n  nextOffset?: number | null;\n}',
        "interface Order {\n  id: number;\n  /** Where the order is. */\n  status: 'pending' | 'paid';\n  paidAt?: string | null;\n}",
        'interface LineInput {\n  sku: string;\n}',
      ].join('\n'),
    );
    expect(renderTypeDeclarations({ type: 'object' }, 'number', { type: 'number' })).toBe('');
  });
});
