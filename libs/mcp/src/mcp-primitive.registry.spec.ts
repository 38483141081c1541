import { McpRegistrationError } from './errors';
import { McpPrimitiveRegistry } from './mcp-primitive.registry';

const handler = () => 'x';

describe('McpPrimitiveRegistry', () => {
  let registry: McpPrimitiveRegistry;

  beforeEach(() => {
    registry = new McpPrimitiveRegistry();
  });

  it('registers from code with a programmatic source, and lists in registration order', () => {
    registry.registerTool({ name: 'b_tool', description: 'B', handler, source: 'spec' });
    registry.registerTool({ name: 'a.tool-1', description: 'A', handler, source: 'programmatic:spec' });
    expect(registry.tools().map((t) => [t.name, t.source])).toEqual([
      ['b_tool', 'programmatic:spec'],
      ['a.tool-1', 'programmatic:spec'],
    ]);
    expect(registry.tool('b_tool')?.inputSchema).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
  });

  it('validates a no-argument tool: {} and undefined pass, any key is unknown', async () => {
    const tool = registry.registerTool({ name: 'noargs', description: 'None', handler, source: 'spec' });
    await expect(tool.validate(undefined)).resolves.toEqual({});
    await expect(tool.validate({ x: 1 })).rejects.toThrow('x: unknown argument');
  });

  it.each([
    [{ name: 'has space', description: 'd' }, /1-128 characters/],
    [{ name: 'x'.repeat(129), description: 'd' }, /1-128 characters/],
    [{ name: 'search', description: 'd' }, /reserved for the Code Mode meta tool/],
    [{ name: 'ok', description: '' }, /description must be a non-empty string/],
    [{ name: 'ok', description: 'd', input: { type: 'array' } }, /`input` must be a DTO class or a JSON Schema/],
    [{ name: 'ok', description: 'd', output: { type: 'string' } }, /`output` must be a JSON Schema of type "object"/],
  ])('refuses a bad tool %#', (definition, message) => {
    expect(() => registry.registerTool({ handler, source: 'spec', ...definition } as never)).toThrow(message);
  });

  it('refuses resources without exactly one of uri and uriTemplate, or with a bad URI or template', () => {
    const base = { name: 'r', description: 'd', handler, source: 'spec' };
    expect(() => registry.registerResource({ ...base } as never)).toThrow(/exactly one of `uri` and `uriTemplate`/);
    expect(() => registry.registerResource({ ...base, uri: 'a://x', uriTemplate: 'a://{x}' } as never)).toThrow(
      /exactly one/,
    );
    expect(() => registry.registerResource({ ...base, uri: 'relative/path' })).toThrow(/absolute URI/);
    expect(() => registry.registerResource({ ...base, uriTemplate: 'a://{x,y}' })).toThrow(/unsupported expression/);
    expect(() => registry.registerResource({ ...base, uriTemplate: 'a://{x}', complete: { y: () => [] } })).toThrow(
      /names \{y\}, which is not in the template/,
    );
  });

  it('refuses duplicate URIs, templates and prompt names, naming both sources', () => {
    const resource = { uri: 'a://x', name: 'x', description: 'd', handler };
    registry.registerResource({ ...resource, source: 'first' });
    expect(() => registry.registerResource({ ...resource, source: 'second' })).toThrow(
      'Duplicate MCP resource a://x: declared by programmatic:first and programmatic:second',
    );
    const template = { uriTemplate: 'a://{x}', name: 'x', description: 'd', handler };
    registry.registerResource({ ...template, source: 'first' });
    expect(() => registry.registerResource({ ...template, source: 'second' })).toThrow(McpRegistrationError);
    registry.registerPrompt({ name: 'p', description: 'd', handler, source: 'first' });
    expect(() => registry.registerPrompt({ name: 'p', description: 'd', handler, source: 'second' })).toThrow(
      /Duplicate MCP prompt p/,
    );
  });

  it('refuses a prompt whose arguments repeat a name', () => {
    expect(() =>
      registry.registerPrompt({
        name: 'p',
        description: 'd',
        handler,
        source: 'spec',
        arguments: [{ name: 'a' }, { name: 'a' }],
      }),
    ).toThrow(/argument a is declared twice/);
  });

  it('matches templates in registration order and prefers nothing over a non-match', () => {
    registry.registerResource({ uriTemplate: 'a://items/{id}', name: 'i', description: 'd', handler, source: 's' });
    registry.registerResource({ uriTemplate: 'a://{+rest}', name: 'r', description: 'd', handler, source: 's' });
    expect(registry.matchTemplate('a://items/3')?.template.name).toBe('i');
    expect(registry.matchTemplate('a://other/3')).toMatchObject({ variables: { rest: 'other/3' } });
    expect(registry.matchTemplate('b://items/3')).toBeUndefined();
    expect(registry.hasCompleters).toBe(false);
  });
});
