import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { clientTransport, connectClient, progressOnWire, recordWire, type TransportName } from '../helpers/mcp-client';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

interface SearchOperation {
  id: string;
  kind: string;
  description?: string;
  signature?: string;
  declaration?: string;
  inputSchema?: Record<string, unknown>;
}

interface SearchPayload {
  operations: SearchOperation[];
  total: number;
  nextCursor?: string;
  /** The text block, what the model reads. */
  text: string;
}

async function search(client: Client, args: Record<string, unknown>): Promise<SearchPayload> {
  const result = await client.callTool({ name: 'search', arguments: args });
  expect(result.isError).toBeFalsy();
  const [block] = result.content as { type: string; text: string }[];
  expect(block.type).toBe('text');
  return { ...(result.structuredContent as Omit<SearchPayload, 'text'>), text: block.text };
}

async function allResources(client: Client): Promise<{ uri: string; name: string; mimeType?: string }[]> {
  const resources = [];
  let cursor: string | undefined;
  do {
    const page = await client.listResources(cursor ? { cursor } : undefined);
    resources.push(...page.resources);
    cursor = page.nextCursor;
  } while (cursor);
  return resources;
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe.each<TransportName>(['stdio', 'http', 'ws'])('the official SDK client over %s', (transport) => {
  let client: Client;

  beforeAll(async () => {
    client = await connectClient(clientTransport(transport, server));
  });

  afterAll(async () => {
    await client?.close();
  });

  it('connects: initialize negotiates and reports the server and its capabilities', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'myko-nest' });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {} });
  });

  it('answers ping', async () => {
    await expect(client.ping()).resolves.toEqual({});
  });

  it('lists exactly the search and execute tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['execute', 'search']);
    for (const tool of tools) {
      expect(tool.description).toEqual(expect.any(String));
      expect(tool.inputSchema.type).toBe('object');
    }
  });

  it('search finds example operations by words from their descriptions', async () => {
    const result = await search(client, { query: 'stock movements newest' });
    const [movements] = result.operations;
    expect(movements).toMatchObject({ id: 'ListStockMovements', kind: 'query' });
    expect(movements.signature).toMatch(
      /^query ListStockMovements\(args\?: \{ productId\?: number; .*\}\): StockMovementPage$/,
    );
    expect(result.text).toContain(`${movements.signature} // live`);
    expect(result.text).toMatch(/^type StockMovementPage = \{ items: StockMovement\[\]; /m);
    expect(result.total).toBeGreaterThanOrEqual(result.operations.length);
    expect(movements.declaration).toBeUndefined();
  });

  it('search with detail: full returns the TypeScript declaration and the input schema', async () => {
    const result = await search(client, { query: 'OrderSummary', kind: 'view', detail: 'full' });
    expect(JSON.parse(result.text)).toEqual({ ...result, text: undefined });
    const view = result.operations.find((op) => op.id === 'OrderSummary');
    expect(view?.declaration).toEqual(expect.stringContaining('OrderSummary'));
    expect(view?.inputSchema).toMatchObject({ type: 'object' });
  });

  it('lists one schema resource per operation, reads it, and lists the template', async () => {
    const resources = await allResources(client);
    const uri = 'myko://schema/query/ListStockMovements';
    expect(resources).toContainEqual(expect.objectContaining({ uri, mimeType: 'application/json' }));
    expect(resources.length).toBeGreaterThanOrEqual(25);

    const { contents } = await client.readResource({ uri });
    expect(contents).toHaveLength(1);
    const schema = JSON.parse((contents[0] as { text: string }).text);
    expect(schema).toMatchObject({ type: 'object', properties: expect.any(Object) });

    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'myko://schema/{kind}/{id}',
      'myko://live/{kind}/{id}{?args}',
    ]);
  });

  it('execute runs code against myko.* and delivers the progress an operation reports', async () => {
    const code =
      "const r = await myko.report('SalesByDay', { from: '2026-01-01', to: '2026-06-30' }); return r.days.length;";
    // Read off the wire: the SDK drops a progress it reads in the same chunk as the result (typescript-sdk#2580).
    const wire = recordWire(client);
    const result = await client
      .callTool({ name: 'execute', arguments: { code } }, undefined, { onprogress: () => undefined })
      .finally(wire.stop);
    expect(result.isError).toBeFalsy();
    expect((result.content as { text: string }[])[0].text).toBe('181');
    // One per 31 days read, in order, all before the result.
    const { progress, beforeResult } = progressOnWire(wire.messages);
    expect(progress).toEqual([31, 62, 93, 124, 155, 181]);
    expect(beforeResult).toBe(true);
  });

  it('rejects an unknown tool with McpError -32602', async () => {
    const call = client.callTool({ name: 'no_such_tool', arguments: {} });
    await expect(call).rejects.toBeInstanceOf(McpError);
    await expect(call).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: expect.stringContaining('Unknown tool'),
    });
  });
});
