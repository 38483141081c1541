import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { FILTER_HEADERS } from '@myko/filter';
import { type OperationDescriptor, OperationRegistry } from '@myko/registry';
import { createAppConfig } from '../../src/config/app.config';
import { syntheticOperations } from '../fixtures/plugins/synthetic';
import {
  accessTransport,
  auditLines,
  callText,
  PROFILES,
  startAccessServer,
  writeAccessConfig,
} from '../helpers/access-fixtures';
import { connectClient, LAUNCHER } from '../helpers/mcp-client';
import { releaseAll, useReleases } from '../helpers/releases';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(120_000);

// biome-ignore lint/suspicious/noExplicitAny: tool results are untyped JSON
type Json = any;

/** Every tool of every `tools/list` page, and how many pages it took. */
async function listAll(client: Client): Promise<{ tools: Tool[]; pages: number }> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.listTools(cursor ? { cursor } : undefined);
    tools.push(...page.tools);
    cursor = page.nextCursor;
    pages++;
  } while (cursor);
  return { tools, pages };
}

const names = (tools: readonly { name: string }[]) => tools.map((t) => t.name).sort();

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Json> {
  return client.callTool({ name, arguments: args });
}

/** The JSON-RPC error of a call that must fail as a protocol error. */
async function protocolError(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Json> {
  const error: Json = await call(client, name, args).then(
    (result) => new Error(`${name} succeeded: ${JSON.stringify(result)}`),
    (thrown) => thrown,
  );
  return { code: error.code, message: error.message };
}

function directServer(): Promise<TestServer> {
  return startTestServer(
    createAppConfig(
      'serve',
      { host: '127.0.0.1', port: 0, databasePath: ':memory:', toolMode: 'direct', auditLog: 'off' },
      {},
    ),
  );
}

describe('direct mode: one tool per operation', () => {
  let server: TestServer;
  let client: Client;
  let operations: readonly OperationDescriptor[];
  let tools: Map<string, Tool>;

  beforeAll(async () => {
    server = await directServer();
    operations = server.app.get(OperationRegistry).list();
    client = await connectClient(new StreamableHTTPClientTransport(server.httpUrl));
    tools = new Map((await listAll(client)).tools.map((tool) => [tool.name, tool]));
  });
  afterAll(() =>
    releaseAll(
      () => client?.close(),
      () => server?.close(),
    ),
  );

  it('lists every operation as a tool named <kind>_<id>, and neither search nor execute', () => {
    expect([...tools.keys()].sort()).toEqual(operations.map((op) => op.name).sort());
    expect(tools.has('search')).toBe(false);
    expect(tools.has('execute')).toBe(false);
  });

  it('gives each tool the real input schema, an object output schema, a title and annotations', () => {
    for (const op of operations) {
      const tool = tools.get(op.name) as Tool;
      expect(tool.inputSchema).toEqual(op.inputSchema);
      expect(tool.description).toBe(op.description);
      if (op.outputSchema) expect(tool.outputSchema?.type).toBe('object');
    }
    const list = tools.get('query_ListOrders') as Tool;
    expect(list.title).toBe('List Orders');
    expect(list.outputSchema).toEqual(operations.find((op) => op.name === 'query_ListOrders')?.outputSchema);
    expect(list.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    const cancel = tools.get('command_CancelOrder') as Tool;
    expect(cancel.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: false,
    });
  });

  it('wraps a list output as { result } in the output schema, keeping the shared $defs at the root', () => {
    const get = tools.get('query_GetOrders') as Tool;
    expect(get.outputSchema).toMatchObject({
      type: 'object',
      properties: { result: { type: 'array', items: { $ref: '#/$defs/Order' } } },
      required: ['result'],
      $defs: { Order: { type: 'object' } },
    });
  });

  it('calls an operation: structuredContent (checked by the SDK against the output schema) and the same JSON as text', async () => {
    const page = await call(client, 'query_ListOrders', { limit: 2 });
    expect(page.isError).toBeUndefined();
    expect(page.structuredContent.items).toHaveLength(2);
    expect(JSON.parse(page.content[0].text)).toEqual(page.structuredContent);
    const ids = page.structuredContent.items.map((order: { id: number }) => order.id);
    const listed = await call(client, 'query_GetOrders', { ids });
    expect(listed.structuredContent.result.map((order: { id: number }) => order.id).sort()).toEqual([...ids].sort());
  });

  it('returns results that match the declared output schema for every read operation callable without arguments', async () => {
    // The SDK client rejects a result whose structuredContent does not match the tool's outputSchema.
    const open = operations.filter((op) => op.readOnly && !op.inputSchema.required);
    let structured = 0;
    for (const op of open) {
      const result = await call(client, op.name);
      if (!result.isError && op.outputSchema) structured++;
    }
    expect(structured).toBeGreaterThan(5);
  });

  it('answers invalid arguments with isError listing every bad field', async () => {
    const result = await call(client, 'query_ListOrders', { limit: 'many', bogus: true });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/^Invalid arguments for query_ListOrders: /);
    expect(result.content[0].text).toContain('limit');
    expect(result.content[0].text).toContain('bogus');
  });

  it('shows a business error as isError', async () => {
    const result = await call(client, 'view_OrderSummary', { orderId: 987_654 });
    expect(result).toMatchObject({ isError: true, content: [{ text: 'Order not found: 987654' }] });
  });

  it('answers search, execute and an unknown name as unknown tools (-32602)', async () => {
    for (const name of ['search', 'execute', 'query_Nope', 'query:ListOrders']) {
      expect(await protocolError(client, name, { code: 'return 1' })).toEqual({
        code: ErrorCode.InvalidParams,
        message: expect.stringContaining(`Unknown tool: ${name}`),
      });
    }
  });

  it('applies visibility and callability headers to tools exactly as to operations', async () => {
    const headers = {
      [FILTER_HEADERS.visibilityAllow]: 'query_*',
      [FILTER_HEADERS.visibilityDeny]: 'query_GetOrders',
      [FILTER_HEADERS.callableDeny]: JSON.stringify({ query_ListOrders: { status: ['cancelled'] } }),
    };
    const scoped = await connectClient(new StreamableHTTPClientTransport(server.httpUrl, { requestInit: { headers } }));
    try {
      const visible = operations.filter((op) => op.kind === 'query' && op.name !== 'query_GetOrders');
      expect(names((await listAll(scoped)).tools)).toEqual(names(visible));
      expect((await protocolError(scoped, 'view_OrderSummary', { orderId: 1 })).code).toBe(ErrorCode.InvalidParams);
      expect((await protocolError(scoped, 'query_GetOrders', { ids: [1] })).code).toBe(ErrorCode.InvalidParams);
      const refused = await call(scoped, 'query_ListOrders', { status: 'cancelled' });
      expect(refused.isError).toBe(true);
      expect(refused.content[0].text).toContain('status');
      expect((await call(scoped, 'query_ListOrders', { status: 'paid', limit: 1 })).isError).toBeUndefined();
    } finally {
      await scoped.close();
    }
  });
});

describe('tool mode per access profile', () => {
  const fixture = writeAccessConfig({
    toolMode: 'code',
    profiles: { support: { ...PROFILES.support, toolMode: 'both' }, ops: { ...PROFILES.ops, toolMode: 'direct' } },
  });
  let server: TestServer;
  let reads: string[];

  beforeAll(async () => {
    server = await startAccessServer(fixture.path);
    const operations = server.app.get(OperationRegistry).list();
    reads = operations.filter((op) => op.readOnly).map((op) => op.name);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves a profile in "both" mode: search, execute and its visible operations as tools', async () => {
    const client = await connectClient(
      accessTransport('http', { server, configPath: fixture.path }, { profile: 'support' }),
    );
    try {
      const { tools } = await listAll(client);
      expect(tools.slice(0, 2).map((t) => t.name)).toEqual(['search', 'execute']);
      expect(names(tools)).toEqual(names([...reads, 'search', 'execute'].map((name) => ({ name }))));
      const viaTool = await call(client, 'query_ListOrders', { limit: 1 });
      const viaCode = await callText(client, 'execute', {
        code: "return await myko.query('ListOrders', { limit: 1 })",
      });
      expect(JSON.parse(viaCode.text)).toEqual(viaTool.structuredContent);
    } finally {
      await client.close();
    }
  });

  it('serves a profile in "direct" mode over WebSocket, with its callability and an audit of every refusal', async () => {
    const client = await connectClient(accessTransport('ws', { server, configPath: fixture.path }, { profile: 'ops' }));
    try {
      expect(names((await listAll(client)).tools)).toEqual(
        names([...reads, 'command_CancelOrder'].map((name) => ({ name }))),
      );
      const pending = async (warehouseCode: string) =>
        (await call(client, 'query_ListOrders', { status: 'pending', warehouseCode, limit: 1 })).structuredContent
          .items[0].id;
      const ams = await pending('AMS');
      const refused = await call(client, 'command_CancelOrder', { orderId: ams, warehouseCode: 'AMS' });
      expect(refused.isError).toBe(true);
      expect(refused.content[0].text).toContain('["BER"]');
      expect((await protocolError(client, 'command_PlaceOrder', { customerId: 1 })).message).toContain(
        'Unknown tool: command_PlaceOrder',
      );
      const ber = await pending('BER');
      const cancelled = await call(client, 'command_CancelOrder', { orderId: ber, warehouseCode: 'BER' });
      expect(cancelled.structuredContent).toMatchObject({ id: ber, status: 'cancelled' });
      const lines = auditLines(fixture.auditPath).filter((line) => line.profile === 'ops');
      expect(lines.map(({ operation, outcome, transport }) => ({ operation, outcome, transport }))).toEqual([
        { operation: 'command_CancelOrder', outcome: 'refused', transport: 'ws' },
        { operation: 'command_PlaceOrder', outcome: 'refused', transport: 'ws' },
        { operation: 'command_CancelOrder', outcome: 'ok', transport: 'ws' },
      ]);
    } finally {
      await client.close();
    }
  });
});

describe('code mode, the default', () => {
  // The server and client are closed after the test, passed or failed (the client first).
  const opened = useReleases();

  it('lists search and execute only, and points an operation name to them', async () => {
    const server = opened(
      await startTestServer(
        createAppConfig('serve', { host: '127.0.0.1', port: 0, databasePath: ':memory:', auditLog: 'off' }, {}),
      ),
      (started) => started.close(),
    );
    const client = opened(await connectClient(new StreamableHTTPClientTransport(server.httpUrl)), (c) => c.close());
    expect(names((await listAll(client)).tools)).toEqual(['execute', 'search']);
    const legacy = await call(client, 'query_ListOrders', { limit: 1 });
    expect(legacy.isError).toBe(true);
    expect(legacy.content[0].text).toContain('`search`');
  });
});

describe('bin/myko-nest stdio --tool-mode both --synthetic 100', () => {
  it('serves generated operations as tools next to the examples, paged by cursor', async () => {
    const transport = new StdioClientTransport({
      command: LAUNCHER,
      args: ['stdio', '--db', ':memory:', '--audit-log', 'off', '--tool-mode', 'both', '--synthetic', '100'],
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      stderr: 'pipe',
    });
    const client = await connectClient(transport);
    try {
      const first = await client.listTools();
      expect(first.tools).toHaveLength(100);
      expect(first.nextCursor).toEqual(expect.any(String));
      const { tools, pages } = await listAll(client);
      expect(pages).toBeGreaterThan(1);
      const listed = new Set(names(tools));
      expect(listed.size).toBe(tools.length);
      const generated = syntheticOperations(100).map((op) => `${op.kind}_${op.id}`);
      expect(generated.filter((name) => !listed.has(name))).toEqual([]);
      expect(tools.length).toBeGreaterThan(generated.length + 2);
      const result = await call(client, 'query_ListBillingInvoices', { limit: 1, status: 'open' });
      expect(result.structuredContent).toMatchObject({ total: 42, items: [{ reference: 'INV-000001' }] });
      const searched = await callText(client, 'search', { query: 'billing invoices', kind: 'query' });
      expect(searched.text).toContain('ListBillingInvoices');
    } finally {
      await client.close();
    }
  });
});
