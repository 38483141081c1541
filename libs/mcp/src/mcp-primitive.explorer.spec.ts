import { RegistryModule } from '@myko/registry';
import { Logger } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import {
  DuplicateTool,
  FixturePrimitives,
  RAW_SCHEMA,
  RequestScopedPrimitives,
} from './__fixtures__/mcp-primitives.fixture';
import { McpRegistrationError } from './errors';
import { McpPrimitiveRegistry } from './mcp-primitive.registry';
import { McpPrimitivesModule } from './mcp-primitives.module';

async function boot(...providers: unknown[]): Promise<TestingModule> {
  const moduleRef = await Test.createTestingModule({
    imports: [RegistryModule, McpPrimitivesModule],
    providers: providers as never[],
  }).compile();
  return moduleRef.init();
}

describe('McpPrimitiveExplorer', () => {
  let moduleRef: TestingModule | undefined;

  afterEach(async () => {
    await moduleRef?.close();
    moduleRef = undefined;
    jest.restoreAllMocks();
  });

  it('discovers tools, resources, templates and prompts on providers, with their sources', async () => {
    moduleRef = await boot(FixturePrimitives);
    const registry = moduleRef.get(McpPrimitiveRegistry);
    expect(registry.tools().map((t) => [t.name, t.source])).toEqual([
      ['greet', 'FixturePrimitives.greet'],
      ['json_schema_tool', 'FixturePrimitives.raw'],
    ]);
    expect(registry.resources().map((r) => r.uri)).toEqual(['test://static']);
    expect(registry.templates().map((t) => [t.uriTemplate, t.variables])).toEqual([['test://items/{id}', ['id']]]);
    expect(registry.prompts().map((p) => p.name)).toEqual(['summarize']);
    expect(registry.hasCompleters).toBe(true);
  });

  it('generates a closed 2020-12 input schema from a DTO and validates calls against it', async () => {
    moduleRef = await boot(FixturePrimitives);
    const greet = moduleRef.get(McpPrimitiveRegistry).tool('greet');
    expect(greet?.inputSchema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { name: { type: 'string' }, times: { type: 'integer', minimum: 1 } },
      required: ['name', 'times'],
      additionalProperties: false,
    });
    expect(greet?.annotations).toEqual({ readOnlyHint: true });
    await expect(greet?.validate({ name: 'Ada', times: 2 })).resolves.toMatchObject({ name: 'Ada', times: 2 });
    await expect(greet?.validate({ name: 'Ada', times: 0, extra: 1 })).rejects.toThrow(/times.*extra|extra.*times/s);
  });

  it('keeps a raw JSON Schema verbatim', async () => {
    moduleRef = await boot(FixturePrimitives);
    const tool = moduleRef.get(McpPrimitiveRegistry).tool('json_schema_tool');
    expect(tool?.inputSchema).toEqual(RAW_SCHEMA);
    expect(tool?.inputSchema).not.toBe(RAW_SCHEMA);
    expect(tool?.title).toBe('Raw schema');
  });

  it('binds handlers to their provider instance', async () => {
    moduleRef = await boot(FixturePrimitives);
    const registry = moduleRef.get(McpPrimitiveRegistry);
    const item = registry.matchTemplate('test://items/7');
    expect(item?.variables).toEqual({ id: '7' });
    await expect(
      Promise.resolve(item?.template.handler({ uri: 'test://items/7', variables: { id: '7' } }, {} as never)),
    ).resolves.toBe('item 7');
  });

  it('fails the boot on a duplicate tool name, naming both declarations', async () => {
    const failure = boot(FixturePrimitives, DuplicateTool);
    await expect(failure).rejects.toThrow(McpRegistrationError);
    await expect(boot(FixturePrimitives, DuplicateTool)).rejects.toThrow(
      'Duplicate MCP tool greet: declared by FixturePrimitives.greet and DuplicateTool.other',
    );
  });

  it('skips request-scoped providers with a warning', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    moduleRef = await boot(RequestScopedPrimitives);
    expect(moduleRef.get(McpPrimitiveRegistry).tool('per_request')).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('per_request'));
  });

  it('seals the registry at application bootstrap', async () => {
    moduleRef = await boot(FixturePrimitives);
    const registry = moduleRef.get(McpPrimitiveRegistry);
    expect(registry.isSealed).toBe(true);
    expect(() =>
      registry.registerTool({ name: 'late', description: 'Too late', handler: () => 'x', source: 'spec' }),
    ).toThrow(/sealed at application bootstrap/);
  });
});
