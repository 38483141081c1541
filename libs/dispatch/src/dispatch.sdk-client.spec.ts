import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { releaseAll } from '../../../test/helpers/releases';
import { DispatchHarness } from './__fixtures__/dispatch.harness';
import { CODE_MODE_INSTRUCTIONS } from './code-mode/code-mode.instructions';

/**
 * The official SDK client, connected in memory to `DispatchService.handle`: proves that every
 * result shape (tools with output schemas, structured content, resources) passes the SDK's own
 * validation, independently of any transport.
 */
describe('DispatchService with the official MCP SDK client', () => {
  let harness: DispatchHarness;
  let client: Client;

  beforeAll(async () => {
    harness = await DispatchHarness.create({ instructions: 'Shop operations.' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const context = harness.client(undefined, []);
    const notify = (message: unknown) => serverSide.send(message as never);
    serverSide.onmessage = async (message) => {
      const response = await harness.dispatch.handle(message, { ...context, notify });
      if (response) await serverSide.send(response as never);
    };
    await serverSide.start();
    client = new Client({ name: 'dispatch-spec', version: '1.0.0' });
    await client.connect(clientSide);
  });
  afterAll(() =>
    releaseAll(
      () => client.close(),
      () => harness.close(),
    ),
  );

  it('initializes with the negotiated version, identity and instructions', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'myko-nest' });
    expect(client.getServerCapabilities()).toEqual({
      tools: { listChanged: false },
      resources: { subscribe: true, listChanged: false },
      logging: {},
      completions: {},
      tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
    });
    expect(client.getInstructions()).toBe(`${CODE_MODE_INSTRUCTIONS}\n\nShop operations.`);
  });

  it('pings', async () => {
    await expect(client.ping()).resolves.toEqual({});
  });

  it('lists the two tools and calls search, whose structured content matches its output schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['search', 'execute']);
    const result = await client.callTool({ name: 'search', arguments: { query: 'orders customer', detail: 'full' } });
    const { operations } = result.structuredContent as { operations: { id: string }[] };
    expect(operations[0]).toMatchObject({ id: 'GetOrders', types: expect.stringContaining('interface Order {') });
  });

  it('runs execute', async () => {
    const result = await client.callTool({
      name: 'execute',
      arguments: { code: "return (await myko.query('GetOrders', { customerId: 7 })).length;" },
    });
    expect(result.content).toEqual([{ type: 'text', text: '2' }]);
  });

  it('reads schema resources and templates', async () => {
    const { resources } = await client.listResources();
    expect(resources.length).toBeGreaterThan(5);
    const { contents } = await client.readResource({ uri: 'myko://schema/query/GetOrders' });
    const [content] = contents;
    expect('text' in content && JSON.parse(content.text)).toMatchObject({ type: 'object' });
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates[0].uriTemplate).toBe('myko://schema/{kind}/{id}');
  });

  it('surfaces an unknown tool and an unknown resource as McpError', async () => {
    await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Unknown tool: nope'),
    });
    const missing = client.readResource({ uri: 'myko://schema/query/Nope' });
    await expect(missing).rejects.toBeInstanceOf(McpError);
    await expect(missing).rejects.toMatchObject({ code: -32002 });
  });
});
