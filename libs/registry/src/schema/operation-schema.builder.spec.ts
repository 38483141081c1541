import { Type } from 'class-transformer';
import { IsDate, IsIn, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { ListOrdersArgs, Order, OrderSummary, PlaceOrderArgs } from '../__fixtures__/order.dto';
import { JSON_SCHEMA_DIALECT } from './json-schema-2020';
import { OperationSchemaBuilder } from './operation-schema.builder';

class BaseFilter {
  @IsOptional()
  @IsInt()
  page?: number;
}

class CustomerFilter extends BaseFilter {
  @IsString()
  name: string;
}

class Category {
  @IsString()
  label: string;

  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => Category)
  children?: Category[];
}

class SinceArgs {
  @IsDate()
  @Type(() => Date)
  since: Date;
}

class Untyped {
  @IsString()
  city: string;
}

/** Output DTO with optional fields, which results fill with null. */
class Shipment {
  @IsString()
  id: string;

  @IsOptional()
  @IsString()
  shippedAt: string | null;

  @IsOptional()
  @IsIn(['air', 'sea'])
  mode: string | null;

  @IsOptional()
  @ValidateNested()
  @Type(() => Untyped)
  address: Untyped | null;
}

class MissingTypeArgs {
  @ValidateNested()
  address: Untyped;
}

const clash = (() => {
  class Line {
    @IsString()
    a: string;
  }
  return Line;
})();
class Line {
  @IsString()
  b: string;
}
class ClashArgs {
  @ValidateNested()
  @Type(() => clash)
  first: InstanceType<typeof clash>;

  @ValidateNested()
  @Type(() => Line)
  second: Line;
}

describe('OperationSchemaBuilder', () => {
  const builder = new OperationSchemaBuilder();

  describe('input', () => {
    it('describes an operation without arguments as an empty closed object', () => {
      expect(builder.input(undefined)).toEqual({
        inputSchema: { $schema: JSON_SCHEMA_DIALECT, type: 'object', properties: {}, additionalProperties: false },
        args: [],
      });
    });

    it('renders strings, numbers with bounds, booleans, enums, arrays and optional fields', () => {
      const { inputSchema, args } = builder.input(ListOrdersArgs);
      expect(inputSchema).toEqual({
        $schema: JSON_SCHEMA_DIALECT,
        type: 'object',
        properties: {
          status: { type: 'string', enum: ['open', 'paid', 'shipped'] },
          sort: { type: 'string', enum: ['asc', 'desc'] },
          limit: { type: 'integer', minimum: 1, maximum: 100 },
          minTotal: { type: 'number' },
          tags: { type: 'array', items: { type: 'string' } },
          priority: { type: 'integer', enum: [0, 1] },
        },
        additionalProperties: false,
      });
      expect(args).toEqual([
        { name: 'status', tsType: "'open' | 'paid' | 'shipped'", optional: true },
        { name: 'sort', tsType: "'asc' | 'desc'", optional: true },
        { name: 'limit', tsType: 'number', optional: true },
        { name: 'minTotal', tsType: 'number', optional: true },
        { name: 'tags', tsType: 'string[]', optional: true },
        { name: 'priority', tsType: '0 | 1', optional: true },
      ]);
    });

    it('puts nested DTOs under $defs, closed, with required fields, descriptions and date strings', () => {
      const { inputSchema, args } = builder.input(PlaceOrderArgs);
      expect(inputSchema).toEqual({
        $schema: JSON_SCHEMA_DIALECT,
        type: 'object',
        properties: {
          customerId: { type: 'string', description: 'Customer id, e.g. C-0042' },
          lines: { type: 'array', minItems: 1, items: { $ref: '#/$defs/OrderLineInput' } },
          shipTo: { $ref: '#/$defs/AddressInput' },
          express: { type: 'boolean' },
          deliverBy: {
            type: 'string',
            anyOf: [{ format: 'date-time' }, { format: 'date' }],
            description: 'Latest delivery date (ISO 8601)',
          },
        },
        required: ['customerId', 'lines'],
        additionalProperties: false,
        $defs: {
          OrderLineInput: {
            type: 'object',
            properties: {
              sku: { type: 'string', minLength: 1 },
              quantity: { type: 'integer', minimum: 1, maximum: 1000, description: 'Units to order' },
            },
            required: ['sku', 'quantity'],
            additionalProperties: false,
          },
          AddressInput: {
            type: 'object',
            properties: { city: { type: 'string' }, zip: { type: 'string' } },
            required: ['city'],
            additionalProperties: false,
          },
        },
      });
      expect(args).toEqual([
        { name: 'customerId', tsType: 'string', optional: false, description: 'Customer id, e.g. C-0042' },
        { name: 'lines', tsType: 'OrderLineInput[]', optional: false },
        { name: 'shipTo', tsType: 'AddressInput', optional: true },
        { name: 'express', tsType: 'boolean', optional: true },
        { name: 'deliverBy', tsType: 'string', optional: true, description: 'Latest delivery date (ISO 8601)' },
      ]);
      expect(JSON.stringify(inputSchema)).not.toContain('definitions');
    });

    it('includes inherited properties', () => {
      const { inputSchema, args } = builder.input(CustomerFilter);
      expect(inputSchema.properties).toEqual({ name: { type: 'string' }, page: { type: 'integer' } });
      expect(inputSchema.required).toEqual(['name']);
      expect(args.map((arg) => [arg.name, arg.optional])).toEqual([
        ['name', false],
        ['page', true],
      ]);
    });

    it('keeps a self-referencing DTO in $defs so its $ref resolves', () => {
      const { inputSchema, args } = builder.input(Category);
      expect(inputSchema.properties).toEqual({
        label: { type: 'string' },
        children: { type: 'array', items: { $ref: '#/$defs/Category' } },
      });
      expect((inputSchema.$defs as Record<string, unknown>).Category).toMatchObject({ type: 'object' });
      expect(args[1]).toEqual({ name: 'children', tsType: 'Category[]', optional: true });
    });

    it('renders a Date built by @Type(() => Date) as an ISO string', () => {
      const { inputSchema, args } = builder.input(SinceArgs);
      expect(inputSchema.properties).toEqual({
        since: { type: 'string', anyOf: [{ format: 'date-time' }, { format: 'date' }] },
      });
      expect(args).toEqual([{ name: 'since', tsType: 'string', optional: false }]);
    });

    it('refuses a nested argument DTO without @Type(), which class-transformer could not build', () => {
      expect(() => builder.input(MissingTypeArgs)).toThrow(
        'MissingTypeArgs.address is @ValidateNested() but has no @Type(() => ChildClass)',
      );
    });

    it('refuses two different nested classes with the same name', () => {
      expect(() => builder.input(ClashArgs)).toThrow('two different classes named Line');
    });

    it('computes a DTO schema once and shares it', () => {
      expect(builder.input(PlaceOrderArgs).inputSchema.$defs).toBe(builder.input(PlaceOrderArgs).inputSchema.$defs);
    });
  });

  describe('output', () => {
    it('is void without an output', () => {
      expect(builder.output(undefined)).toEqual({ outputType: 'void' });
    });

    it('renders primitives and lists of primitives', () => {
      expect(builder.output(Number)).toEqual({
        outputType: 'number',
        outputSchema: { $schema: JSON_SCHEMA_DIALECT, type: 'number' },
      });
      expect(builder.output([String])).toEqual({
        outputType: 'string[]',
        outputSchema: { $schema: JSON_SCHEMA_DIALECT, type: 'array', items: { type: 'string' } },
      });
      expect(builder.output(Object).outputType).toBe('Record<string, unknown>');
    });

    it('renders a list of DTOs as Name[] with the DTO and its nested classes in $defs, open', () => {
      const { outputType, outputSchema } = builder.output([Order]);
      expect(outputType).toBe('Order[]');
      expect(outputSchema).toMatchObject({
        $schema: JSON_SCHEMA_DIALECT,
        type: 'array',
        items: { $ref: '#/$defs/Order' },
        $defs: {
          Order: { type: 'object', required: ['id', 'status', 'lines'] },
          OrderLineInput: { type: 'object' },
        },
      });
      expect(JSON.stringify(outputSchema)).not.toContain('additionalProperties');
    });

    it('lets optional output properties be null, as results say "none", but not required ones', () => {
      const { outputSchema } = builder.output(Shipment);
      expect(outputSchema?.properties).toEqual({
        id: { type: 'string' },
        shippedAt: { type: ['string', 'null'] },
        mode: { type: ['string', 'null'], enum: ['air', 'sea', null] },
        address: { anyOf: [{ $ref: '#/$defs/Untyped' }, { type: 'null' }] },
      });
      expect(outputSchema?.required).toEqual(['id']);
      const input = builder.input(ListOrdersArgs).inputSchema.properties as Record<string, { type?: unknown }>;
      expect(input.limit.type).toBe('integer');
    });

    it('titles a single DTO', () => {
      expect(builder.output(OrderSummary).outputSchema).toMatchObject({
        $schema: JSON_SCHEMA_DIALECT,
        title: 'OrderSummary',
        type: 'object',
        properties: { id: { type: 'string' }, total: { type: 'number' } },
      });
    });

    it('refuses an output that is not a class', () => {
      expect(() => builder.output('Order' as never)).toThrow('`output` must be a class');
      expect(() => builder.output([Order, Order] as never)).toThrow('`output` must be a class');
    });
  });
});
