import { McpPrimitiveRegistry, McpPrimitivesModule } from '@myko/mcp';
import { RegistryModule } from '@myko/registry';
import { Test, type TestingModule } from '@nestjs/testing';
import { ConformancePluginModule } from './conformance.module';

/** Names the official conformance suite calls (0.1.16, and the 0.2.0 alpha at 2026-07-28); see reference/mcp-protocol.md §3.3. */
const SUITE = {
  tools: [
    'test_simple_text',
    'test_image_content',
    'test_audio_content',
    'test_embedded_resource',
    'test_multiple_content_types',
    'test_tool_with_logging',
    'test_error_handling',
    'test_tool_with_progress',
    'test_sampling',
    'test_elicitation',
    'test_elicitation_sep1034_defaults',
    'test_elicitation_sep1330_enums',
    'json_schema_2020_12_tool',
    'test_reconnection',
    // 0.2.0 alpha, 2026-07-28: MRTR and the stateless diagnostics
    'test_input_required_result_elicitation',
    'test_input_required_result_sampling',
    'test_input_required_result_list_roots',
    'test_input_required_result_request_state',
    'test_input_required_result_multiple_inputs',
    'test_input_required_result_multi_round',
    'test_input_required_result_tampered_state',
    'test_input_required_result_capabilities',
    'test_missing_capability',
    'test_streaming_elicitation',
    'test_logging_tool',
  ],
  resources: ['test://static-text', 'test://static-binary', 'test://watched-resource'],
  templates: ['test://template/{id}/data'],
  prompts: [
    'test_simple_prompt',
    'test_prompt_with_arguments',
    'test_prompt_with_embedded_resource',
    'test_prompt_with_image',
  ],
};

describe('ConformancePluginModule', () => {
  let moduleRef: TestingModule;
  let registry: McpPrimitiveRegistry;

  beforeAll(async () => {
    moduleRef = await Test.createTestingModule({
      imports: [RegistryModule, McpPrimitivesModule, ConformancePluginModule],
    }).compile();
    await moduleRef.init();
    registry = moduleRef.get(McpPrimitiveRegistry);
  });
  afterAll(() => moduleRef.close());

  it('provides every fixture the suite names, each with a description', () => {
    expect(registry.tools().map((t) => t.name)).toEqual(expect.arrayContaining(SUITE.tools));
    expect(registry.resources().map((r) => r.uri)).toEqual(expect.arrayContaining(SUITE.resources));
    expect(registry.templates().map((t) => t.uriTemplate)).toEqual(SUITE.templates);
    expect(registry.prompts().map((p) => p.name)).toEqual(['test_input_required_result_prompt', ...SUITE.prompts]);
    for (const primitive of [...registry.tools(), ...registry.resources(), ...registry.prompts()]) {
      expect(primitive.description).toEqual(expect.any(String));
    }
  });

  it('substitutes the template variable and completes prompt arguments', async () => {
    const { template, variables } = registry.matchTemplate('test://template/123/data') ?? {};
    const text = await template?.handler({ uri: 'test://template/123/data', variables: variables ?? {} }, {} as never);
    expect(JSON.parse(text as string)).toEqual({ id: '123', templateTest: true, data: 'Data for ID: 123' });
    const arg1 = registry.prompt('test_prompt_with_arguments')?.arguments[0];
    await expect(Promise.resolve(arg1?.complete?.('te', { arguments: {} }))).resolves.toEqual([
      'test',
      'testing',
      'tested',
    ]);
  });

  it('keeps the 2020-12 schema of json_schema_2020_12_tool verbatim', () => {
    expect(registry.tool('json_schema_2020_12_tool')?.inputSchema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $defs: { address: { type: 'object' } },
      properties: { address: { $ref: '#/$defs/address' } },
      additionalProperties: false,
    });
  });
});
