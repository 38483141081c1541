import { OperationRegistry } from '@myko/registry';
import { operationTool, operationToolResult, titleOf } from './operation-tool.definition';

describe('operationTool', () => {
  const registry = new OperationRegistry();
  const handler = () => undefined;
  const count = registry.register({
    kind: 'report',
    id: 'OrderCount',
    description: 'n',
    output: Number,
    handler,
    source: 's',
  });
  const tags = registry.register({
    kind: 'query',
    id: 'ListTags',
    description: 't',
    output: [String],
    handler,
    source: 's',
  });
  const map = registry.register({
    kind: 'view',
    id: 'Settings',
    description: 'm',
    output: Object,
    handler,
    source: 's',
  });
  const purge = registry.register({
    kind: 'command',
    id: 'Purge',
    description: 'p',
    destructive: true,
    handler,
    source: 's',
  });

  it('titles an id by its words', () => {
    expect(titleOf('ListOrders')).toBe('List Orders');
    expect(titleOf('Customer360')).toBe('Customer 360');
    expect(titleOf('GetSKUStock')).toBe('Get SKU Stock');
  });

  it('wraps a primitive or list output schema as { result }, keeps an object one, omits a void one', () => {
    expect(operationTool(count).definition.outputSchema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { result: { type: 'number' } },
      required: ['result'],
    });
    expect(operationTool(tags).definition.outputSchema).toMatchObject({
      properties: { result: { type: 'array', items: { type: 'string' } } },
    });
    expect(operationTool(map).definition.outputSchema).toMatchObject({ type: 'object' });
    expect(operationTool(purge).definition.outputSchema).toBeUndefined();
    expect(operationTool(purge).definition.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: false,
    });
  });

  it('shapes results to fit: wrapped values, objects as is, text only without a schema or when the value cannot fit', () => {
    expect(operationToolResult(operationTool(count), 3)).toEqual({
      content: [{ type: 'text', text: '{"result":3}' }],
      structuredContent: { result: 3 },
    });
    expect(operationToolResult(operationTool(map), { a: 1 }).structuredContent).toEqual({ a: 1 });
    expect(operationToolResult(operationTool(map), null)).toEqual({ content: [{ type: 'text', text: 'null' }] });
    expect(operationToolResult(operationTool(purge), undefined)).toEqual({ content: [{ type: 'text', text: 'null' }] });
  });
});
