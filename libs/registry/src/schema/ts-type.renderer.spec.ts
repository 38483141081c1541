import { renderTsDeclarations, renderTsType } from './ts-type.renderer';

describe('renderTsType', () => {
  it.each([
    [{ type: 'string' }, 'string'],
    [{ type: 'integer' }, 'number'],
    [{ type: 'number', minimum: 0 }, 'number'],
    [{ type: 'boolean' }, 'boolean'],
    [{ type: 'string', enum: ['a', "it's"] }, "'a' | 'it\\'s'"],
    [{ enum: [1, 'x', null] }, "1 | 'x' | null"],
    [{ const: true }, 'true'],
    [{ type: ['string', 'null'] }, 'string | null'],
    [{ type: 'array', items: { type: 'integer' } }, 'number[]'],
    [{ type: 'array', items: { enum: ['a', 'b'] } }, "('a' | 'b')[]"],
    [{ type: 'array', items: { enum: ['a|{b'] } }, "'a|{b'[]"],
    [{ type: 'array' }, 'unknown[]'],
    [{ $ref: '#/$defs/OrderLine' }, 'OrderLine'],
    [{ type: 'array', items: { $ref: '#/$defs/OrderLine' } }, 'OrderLine[]'],
    [{ type: 'string', anyOf: [{ format: 'date' }, { format: 'date-time' }] }, 'string'],
    [{ anyOf: [{ type: 'string' }, { type: 'integer' }] }, 'string | number'],
    [{ type: 'object' }, 'Record<string, unknown>'],
    [{ type: 'object', additionalProperties: { type: 'number' } }, 'Record<string, number>'],
    [
      { type: 'object', properties: { a: { type: 'string' }, 'b-c': { type: 'number' } }, required: ['a'] },
      "{ a: string; 'b-c'?: number }",
    ],
    [{}, 'unknown'],
    [undefined, 'unknown'],
  ])('renders %j as %s', (schema, expected) => {
    expect(renderTsType(schema)).toBe(expected);
  });
});

describe('renderTsDeclarations', () => {
  it('renders each definition as an interface with doc comments', () => {
    const [line] = renderTsDeclarations({
      OrderLine: {
        type: 'object',
        properties: { sku: { type: 'string' }, quantity: { type: 'integer', description: 'Units' } },
        required: ['sku'],
      },
    });
    expect(line).toBe('interface OrderLine {\n  sku: string;\n  /** Units */\n  quantity?: number;\n}');
  });
});
