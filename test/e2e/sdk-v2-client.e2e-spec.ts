import type { IncomingMessage } from 'node:http';
import { Client as ModernClient, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LAUNCHER } from '../helpers/mcp-client';
import { RawWsSession } from '../helpers/raw-ws-session';
import { useReleases } from '../helpers/releases';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

type Mode = 'auto' | 'pinned';
// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON results
type Json = Record<string, any>;

const SCHEMA_URI = 'myko://schema/query/ListCustomers';
const WATCHED = 'test://watched-resource';

/** SDK v2 (2.4.0), the client of the 2026-07-28 revision, in `auto` or pinned negotiation. */
function modernClient(mode: Mode): ModernClient {
  const client = new ModernClient(
    { name: 'sdk-v2-e2e', version: '1.0.0' },
    {
      capabilities: { elicitation: {} },
      versionNegotiation: { mode: mode === 'auto' ? 'auto' : { pin: '2026-07-28' } },
    },
  );
  client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { name: 'Ada' } }));
  return client;
}

const text = (result: Json) => (result.content as { text: string }[])[0].text;

/** What a real modern client does against Code Mode: search, execute, a schema, a subscription, MRTR. */
async function exerciseCodeMode(client: ModernClient): Promise<void> {
  expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
  const found: Json = await client.callTool({ name: 'search', arguments: { query: 'list customers' } });
  expect(found.structuredContent.operations.map((op: Json) => op.id)).toContain('ListCustomers');
  const ran: Json = await client.callTool({
    name: 'execute',
    arguments: { code: "const page = await myko.query('ListCustomers', { limit: 2 }); return page.items.length;" },
  });
  expect(ran.isError).toBeFalsy();
  expect(text(ran)).toBe('2');
  const schema = await client.readResource({ uri: SCHEMA_URI });
  expect(JSON.parse((schema.contents[0] as { text: string }).text)).toMatchObject({ type: 'object' });
  // Elicitation through MRTR: the call answers input_required, the SDK asks its handler and retries.
  const asked: Json = await client.callTool({ name: 'test_input_required_result_elicitation', arguments: {} });
  expect(text(asked)).toBe('Hello, Ada!');
  const updates: string[] = [];
  client.setNotificationHandler('notifications/resources/updated', (n) => {
    updates.push((n.params as { uri: string }).uri);
  });
  const subscription = await client.listen({ resourceSubscriptions: [WATCHED] });
  expect(subscription.honoredFilter.resourceSubscriptions).toEqual([WATCHED]);
  await client.callTool({ name: 'test_update_watched_resource', arguments: {} });
  for (let i = 0; i < 50 && updates.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
  expect(updates).toEqual([WATCHED]);
  await subscription.close();
}

describe('SDK v2 (2026-07-28) beside SDK 1.x (2025-11-25) on one endpoint', () => {
  let server: TestServer;
  const methods: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ serverProfile: 'conformance' });
    server.app.getHttpServer().prependListener('request', (req: IncomingMessage) => {
      if (req.method === 'POST') methods.push(String(req.headers['mcp-method'] ?? 'no Mcp-Method'));
    });
  });
  afterAll(() => server.close());
  // Each client (a stdio one is a child process) is closed after its test, passed or failed.
  const opened = useReleases();

  describe.each<Mode>(['auto', 'pinned'])('over HTTP, %s', (mode) => {
    it('connects with server/discover first (no failed round trip, no initialize) and serves Code Mode', async () => {
      methods.length = 0;
      const client = opened(modernClient(mode), (c) => c.close());
      await client.connect(new StreamableHTTPClientTransport(server.httpUrl));
      expect(methods).toEqual(['server/discover']);
      await exerciseCodeMode(client);
      expect(methods).not.toContain('initialize');
    });
  });

  describe.each<Mode>(['auto', 'pinned'])('over stdio, %s', (mode) => {
    it('negotiates 2026-07-28 and serves Code Mode', async () => {
      const client = opened(modernClient(mode), (c) => c.close());
      const transport = new StdioClientTransport({
        command: LAUNCHER,
        args: ['stdio', '--db', ':memory:', '--plugin-set', 'conformance'],
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
        stderr: 'pipe',
      });
      await client.connect(transport);
      await exerciseCodeMode(client);
    });
  });

  it('serves both eras on one WebSocket connection (the SDK v2 has no WebSocket client)', async () => {
    const ws = opened(await RawWsSession.open(server.wsUrl.href), (session) => session.terminate());
    const _meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const discover = await ws.request(1, 'server/discover', { _meta });
    expect(discover.result).toMatchObject({ resultType: 'complete', cacheScope: 'private' });
    expect(discover.result.supportedVersions).toEqual(expect.arrayContaining(['2026-07-28', '2025-11-25']));
    expect((await ws.request(2, 'tools/list', { _meta })).result.resultType).toBe('complete');
    expect((await ws.request(3, 'tools/list')).result.resultType).toBeUndefined();
    expect((await ws.request(4, 'ping', { _meta })).error.code).toBe(-32601);
    expect((await ws.request(5, 'ping')).result).toEqual({});
  });

  it('still serves SDK 1.x on the 2025 era in the same run', async () => {
    const legacy = opened(new LegacyClient({ name: 'sdk-v1-e2e', version: '1.0.0' }), (c) => c.close());
    const transport = new LegacyHttpTransport(server.httpUrl);
    await legacy.connect(transport);
    expect(transport.sessionId).toEqual(expect.any(String));
    expect(transport.protocolVersion).toBe('2025-11-25');
    const found: Json = await legacy.callTool({ name: 'search', arguments: { query: 'list customers' } });
    expect(found.structuredContent.operations.map((op: Json) => op.id)).toContain('ListCustomers');
    expect(found.resultType).toBeUndefined();
  });
});
