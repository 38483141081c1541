import { McpPrimitiveRegistry } from '@myko/mcp';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DispatchHarness } from '../../__fixtures__/dispatch.harness';
import { PIXEL, SpecPrimitives } from '../../__fixtures__/mcp-primitives.fixture';
import type { JsonRpcNotification } from '../../interfaces/json-rpc.types';

describe('custom tools (@McpTool) in tools/list and tools/call', () => {
  let harness: DispatchHarness;
  const filters = DispatchHarness.filters;
  const names = (tools: { name: string }[]) => tools.map((t) => t.name);

  beforeAll(async () => {
    harness = await DispatchHarness.create({}, [SpecPrimitives]);
  });
  afterAll(() => harness.close());

  it('lists the meta tools first, then the custom tools with their schemas', async () => {
    const { tools, nextCursor } = await harness.result('tools/list');
    expect(nextCursor).toBeUndefined();
    expect(names(tools).slice(0, 2)).toEqual(['search', 'execute']);
    expect(names(tools)).toContain('echo');
    const stats = tools.find((t: { name: string }) => t.name === 'stats');
    expect(stats).toEqual({
      name: 'stats',
      description: 'Sum and count of numbers',
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { values: { type: 'array', items: { type: 'number' } } },
        required: ['values'],
        additionalProperties: false,
      },
      outputSchema: { type: 'object', properties: { sum: { type: 'number' }, count: { type: 'integer' } } },
      annotations: { readOnlyHint: true },
    });
    const echo = tools.find((t: { name: string }) => t.name === 'echo');
    expect(echo).toMatchObject({ title: 'Echo', inputSchema: { required: ['text'], additionalProperties: false } });
  });

  it('applies visibility to custom tools by bare name: an allow list of operations hides them, search stays', async () => {
    const scoped = harness.client(filters({ 'visibility-allow': 'query_*' }));
    expect(names((await harness.result('tools/list', {}, scoped)).tools)).toEqual(['search', 'execute']);
    const some = harness.client(filters({ 'visibility-allow': 'echo,stats', 'visibility-deny': 'stats' }));
    expect(names((await harness.result('tools/list', {}, some)).tools)).toEqual(['search', 'execute', 'echo']);
    expect(await harness.error('tools/call', { name: 'stats', arguments: { values: [] } }, some)).toEqual({
      code: -32602,
      message: 'Unknown tool: stats',
    });
  });

  it('applies callability to custom tools', async () => {
    const client = harness.client(filters({ 'callable-deny': { echo: { text: ['forbidden'] } } }));
    const refused = await harness.callTool('echo', { text: 'forbidden' }, client);
    expect(refused.isError).toBe(true);
    expect((await harness.callTool('echo', { text: 'fine' }, client)).content).toEqual([
      { type: 'text', text: 'fine' },
    ]);
  });

  it('validates DTO and raw-schema arguments; invalid arguments are tool execution errors', async () => {
    const dto = await harness.callTool('echo', { text: '', extra: 1 });
    expect(dto.isError).toBe(true);
    expect(dto.content[0].text).toMatch(/^Invalid arguments for echo: extra: unknown argument, text: must be longer/);
    const raw = await harness.callTool('stats', { values: 'x' });
    expect(raw).toMatchObject({
      isError: true,
      content: [{ text: expect.stringContaining('values: must be of type array') }],
    });
  });

  it('returns structuredContent for a tool with an output schema, repeated as JSON text', async () => {
    const result = await harness.callTool('stats', { values: [1, 2, 3.5] });
    expect(result).toEqual({
      content: [{ type: 'text', text: '{"sum":6.5,"count":3}' }],
      structuredContent: { sum: 6.5, count: 3 },
    });
  });

  it('passes a full result with image content through', async () => {
    const result = await harness.callTool('picture');
    expect(result.content[1]).toEqual({ type: 'image', data: PIXEL.toString('base64'), mimeType: 'image/png' });
  });

  it('shows a business error and masks an internal one, logging it', async () => {
    expect(await harness.callTool('fail_business')).toEqual({
      content: [{ type: 'text', text: 'The shelf is empty' }],
      isError: true,
    });
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      const masked = await harness.callTool('fail_internal');
      expect(masked).toEqual({
        content: [{ type: 'text', text: 'Internal error in tool fail_internal' }],
        isError: true,
      });
      expect(logged.mock.calls.flat().join(' ')).toContain('password=hunter2');
    } finally {
      logged.mockRestore();
    }
  });

  it('reports progress for a custom tool, then answers only after the last progress has settled', async () => {
    const sent: JsonRpcNotification[] = [];
    const client = harness.client(undefined, sent);
    const started = performance.now();
    const result = await harness.result(
      'tools/call',
      { name: 'count_up', arguments: {}, _meta: { progressToken: 'tok' } },
      client,
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
    expect(result.content[0].text).toBe('counted');
    expect(sent.map((n) => n.params)).toEqual([
      { progressToken: 'tok', progress: 1, total: 3, message: 'step 1' },
      { progressToken: 'tok', progress: 2, total: 3, message: 'step 2' },
      { progressToken: 'tok', progress: 3, total: 3, message: 'step 3' },
    ]);
  });

  it('stops a custom tool on notifications/cancelled: its signal aborts and no response is sent', async () => {
    const primitives = harness.moduleRef.get(SpecPrimitives);
    const client = harness.client();
    const call = harness.dispatch.handle(
      { jsonrpc: '2.0', id: 'c1', method: 'tools/call', params: { name: 'wait_for_cancel', arguments: {} } },
      client,
    );
    await new Promise((resolve) => setImmediate(resolve));
    await harness.dispatch.handle(
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'c1', reason: 'enough' } },
      client,
    );
    await expect(call).resolves.toBeUndefined();
    expect(primitives.aborted).toBe(true);
  });
});

/** Registers more tools than fit on one `tools/list` page. */
@Injectable()
class ManyTools implements OnModuleInit {
  constructor(private readonly registry: McpPrimitiveRegistry) {}

  onModuleInit(): void {
    for (let i = 0; i < 120; i++) {
      const name = `tool_${String(i).padStart(3, '0')}`;
      this.registry.registerTool({ name, description: `Tool ${i}`, handler: () => i, source: 'spec' });
    }
  }
}

describe('tools/list paging', () => {
  let harness: DispatchHarness;

  beforeAll(async () => {
    harness = await DispatchHarness.create({}, [ManyTools]);
  });
  afterAll(() => harness.close());

  it('pages meta and custom tools together with an opaque cursor; no cursor on the last page', async () => {
    const first = await harness.result('tools/list');
    expect(first.tools).toHaveLength(100);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await harness.result('tools/list', { cursor: first.nextCursor });
    expect(second.nextCursor).toBeUndefined();
    const all = [...first.tools, ...second.tools].map((t: { name: string }) => t.name);
    expect(all).toHaveLength(122);
    expect(new Set(all).size).toBe(122);
    expect(all.at(-1)).toBe('tool_119');
    expect(await harness.error('tools/list', { cursor: 'bogus' })).toMatchObject({ code: -32602 });
    expect(await harness.error('resources/list', { cursor: first.nextCursor })).toMatchObject({ code: -32602 });
  });
});
