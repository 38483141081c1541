import { DispatchHarness } from '../../__fixtures__/dispatch.harness';

describe('tools/list and tools/call', () => {
  let harness: DispatchHarness;
  const filters = DispatchHarness.filters;

  beforeAll(async () => {
    harness = await DispatchHarness.create();
  });
  afterAll(() => harness.close());

  describe('tools/list', () => {
    it('lists exactly search and execute, described for a model', async () => {
      const { tools } = await harness.result('tools/list');
      expect(tools.map((t: { name: string }) => t.name)).toEqual(['search', 'execute']);
      const [search, execute] = tools;
      for (const tool of tools) {
        expect(tool.title).toEqual(expect.any(String));
        expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      }
      expect(search.description).toContain('TypeScript signatures');
      expect(JSON.stringify(search).length).toBeLessThanOrEqual(700);
      expect(execute.description).toMatch(/myko\.query\(/);
      expect(execute.description).toContain(
        "await myko.<kind>(id, args), e.g. myko.query('ListOrders', { status: 'paid' }), calls an operation",
      );
      // An output schema of any object told a model nothing.
      expect(search).not.toHaveProperty('outputSchema');
      expect(execute.inputSchema.required).toEqual(['code']);
      expect(search.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
      // Not read-only and destructive: MCP's defaults for an absent readOnlyHint and destructiveHint.
      expect(execute.annotations).toEqual({ openWorldHint: false });
    });

    it('hides a meta tool only on explicit deny, never by an operation allow list', async () => {
      const denied = harness.client(filters({ 'visibility-deny': 'execute' }));
      const { tools } = await harness.result('tools/list', {}, denied);
      expect(tools.map((t: { name: string }) => t.name)).toEqual(['search']);

      const scoped = harness.client(filters({ 'visibility-allow': 'query_GetOrders' }));
      const scopedTools = await harness.result('tools/list', {}, scoped);
      expect(scopedTools.tools).toHaveLength(2);
    });

    it('rejects a cursor it never issued with -32602', async () => {
      expect(await harness.error('tools/list', { cursor: 'abc' })).toMatchObject({ code: -32602 });
    });
  });

  describe('tools/call protocol errors', () => {
    it('answers missing params or name with -32602', async () => {
      expect(await harness.error('tools/call')).toMatchObject({ code: -32602 });
      expect(await harness.error('tools/call', { arguments: {} })).toMatchObject({ code: -32602 });
      expect(await harness.error('tools/call', { name: 7 })).toMatchObject({ code: -32602 });
      expect(await harness.error('tools/call', { name: 'search', arguments: [1] })).toMatchObject({ code: -32602 });
    });

    it('answers an unknown tool with -32602 "Unknown tool: <name>"', async () => {
      expect(await harness.error('tools/call', { name: 'launch_rockets' })).toEqual({
        code: -32602,
        message: 'Unknown tool: launch_rockets',
      });
    });

    it('answers a hidden tool exactly like an unknown one', async () => {
      const client = harness.client(filters({ 'visibility-deny': 'execute' }));
      const hidden = await harness.error('tools/call', { name: 'execute', arguments: { code: 'return 1' } }, client);
      const unknown = await harness.error('tools/call', { name: 'nope', arguments: { code: 'return 1' } }, client);
      expect(hidden).toEqual({ code: -32602, message: 'Unknown tool: execute' });
      expect({ ...hidden, message: '' }).toEqual({ ...unknown, message: '' });
    });
  });

  describe('tools/call execution errors', () => {
    it('reports a callability refusal of the tool itself as isError', async () => {
      const client = harness.client(filters({ 'callable-deny': { search: { kind: ['command'] } } }));
      const refused = await harness.callTool('search', { kind: 'command' }, client);
      expect(refused.isError).toBe(true);
      expect(refused.content[0].text).toContain('kind');
      const allowed = await harness.callTool('search', { kind: 'query' }, client);
      expect(allowed.isError).toBeUndefined();
    });

    it('lists every problem with the tool arguments as isError', async () => {
      const result = await harness.callTool('search', { limit: 500, kind: 'table', bogus: true });
      expect(result.isError).toBe(true);
      const text: string = result.content[0].text;
      expect(text).toContain('`limit`');
      expect(text).toContain('`kind`');
      expect(text).toContain('`bogus`');
    });

    it('requires execute code', async () => {
      const result = await harness.callTool('execute', {});
      expect(result).toMatchObject({ isError: true });
      expect(result.content[0].text).toContain('`code` is required');
    });

    it('tells a legacy per-operation call to use search then execute', async () => {
      for (const name of ['query_GetOrders', 'query:GetOrders']) {
        const result = await harness.callTool(name, { customerId: 7 });
        expect(result.isError).toBe(true);
        expect(result.content[0].text).toContain('`search`');
        expect(result.content[0].text).toContain("myko.query('GetOrders'");
      }
    });

    it('treats a legacy name of a hidden operation as an unknown tool', async () => {
      const client = harness.client(filters({ 'visibility-deny': 'query_GetOrders' }));
      expect(await harness.error('tools/call', { name: 'query_GetOrders' }, client)).toEqual({
        code: -32602,
        message: 'Unknown tool: query_GetOrders',
      });
    });
  });
});
