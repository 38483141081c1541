import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttpTransport,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { createAppConfig } from '../../src/config/app.config';
import { useReleases } from '../helpers/releases';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

/** Long enough for a coalesced recomputation (10 ms) and its notification to have arrived. */
const SETTLE_MS = 300;

const live = (kind: string, id: string, args?: object) =>
  `myko://live/${kind}/${id}${args ? `?args=${encodeURIComponent(JSON.stringify(args))}` : ''}`;

const CUSTOMER_1 = live('query', 'GetCustomerById', { id: 1 });

interface Watcher {
  client: Client;
  updates: string[];
}

async function watcher(server: TestServer): Promise<Watcher> {
  const client = new Client({ name: 'myko-e2e-live', version: '1.0.0' });
  const updates: string[] = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    updates.push(n.params.uri);
  });
  await client.connect(new WebSocketClientTransport(server.wsUrl));
  return { client, updates };
}

async function http(server: TestServer, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'myko-e2e-live-http', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(server.httpUrl, { requestInit: { headers } }));
  return client;
}

async function command(client: Client, code: string): Promise<unknown> {
  const result = await client.callTool({ name: 'execute', arguments: { code } });
  const [first] = result.content as Array<{ text: string }>;
  if (result.isError) throw new Error(`execute failed: ${first.text}`);
  return JSON.parse(first.text);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

async function rpcError(promise: Promise<unknown>): Promise<{ code: number; message: string; data?: unknown }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: number; message: string; data?: unknown };
  }
  throw new Error('expected the request to fail');
}

let server: TestServer;

beforeAll(async () => {
  const { dispatch } = createAppConfig('serve', { databasePath: ':memory:' });
  server = await startTestServer({ dispatch: { ...dispatch, live: { maxPerSession: 3 } } });
});

afterAll(async () => {
  await server?.close();
});

describe('live queries over WebSocket (myko://live/<kind>/<id>?args=…)', () => {
  let w: Watcher;

  beforeAll(async () => {
    w = await watcher(server);
  });

  afterAll(async () => {
    await w?.client.close();
  });

  it('lists the live-query template and reads the current result of a read with arguments', async () => {
    const { resourceTemplates } = await w.client.listResourceTemplates();
    expect(resourceTemplates).toContainEqual(
      expect.objectContaining({ uriTemplate: 'myko://live/{kind}/{id}{?args}', name: 'live-query' }),
    );
    const read = await w.client.readResource({ uri: CUSTOMER_1 });
    expect(read.contents[0]).toMatchObject({ uri: CUSTOMER_1, mimeType: 'application/json' });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ id: 1, name: expect.any(String) });
  });

  it('announces exactly one update when a command changes the result, none when it does not', async () => {
    await w.client.subscribeResource({ uri: CUSTOMER_1 });
    w.updates.length = 0;
    await command(w.client, "return myko.command('SetCustomerCity', { id: 1, value: 'Leipzig' })");
    await settle();
    expect(w.updates).toEqual([CUSTOMER_1]);
    const read = await w.client.readResource({ uri: CUSTOMER_1 });
    expect(JSON.parse((read.contents[0] as { text: string }).text).city).toBe('Leipzig');

    w.updates.length = 0;
    // Another customer (same entity, other result), the same value again, and stock (another entity).
    await command(w.client, "return myko.command('SetCustomerCity', { id: 2, value: 'Leipzig' })");
    await command(w.client, "return myko.command('SetCustomerCity', { id: 1, value: 'Leipzig' })");
    await command(
      w.client,
      "return myko.command('RestockProduct', { productId: 1, warehouseCode: 'BER', quantity: 3, note: 'live' })",
    );
    await settle();
    expect(w.updates).toEqual([]);
  });

  it('a hand-written command that declares what it writes updates a watched report', async () => {
    const uri = live('view', 'ProductAvailability', { productId: 2 });
    await w.client.subscribeResource({ uri });
    w.updates.length = 0;
    await command(
      w.client,
      "return myko.command('RestockProduct', { productId: 2, warehouseCode: 'AMS', quantity: 7, note: 'live' })",
    );
    await settle();
    expect(w.updates).toEqual([uri]);
    await w.client.unsubscribeResource({ uri });
  });

  it('stops announcing after unsubscribe', async () => {
    await w.client.unsubscribeResource({ uri: CUSTOMER_1 });
    w.updates.length = 0;
    await command(w.client, "return myko.command('SetCustomerCity', { id: 1, value: 'Dresden' })");
    await settle();
    expect(w.updates).toEqual([]);
  });

  it('tells every watcher of the same query, each once', async () => {
    const other = await watcher(server);
    try {
      const uri = live('query', 'GetCustomersByIds', { ids: [3] });
      await w.client.subscribeResource({ uri });
      await other.client.subscribeResource({ uri });
      w.updates.length = 0;
      await command(other.client, "return myko.command('SetCustomerSegment', { id: 3, value: 'enterprise' })");
      await settle();
      expect(w.updates).toEqual([uri]);
      expect(other.updates).toEqual([uri]);
      await w.client.unsubscribeResource({ uri });
    } finally {
      await other.client.close();
    }
  });

  it('refuses past the per-session limit, with the limit in the error', async () => {
    const uris = [1, 2, 3, 4].map((id) => live('query', 'GetProductById', { id }));
    for (const uri of uris.slice(0, 3)) await w.client.subscribeResource({ uri });
    const error = await rpcError(w.client.subscribeResource({ uri: uris[3] }));
    expect(error.code).toBe(-32029);
    expect(error.message).toMatch(/at most 3/);
    for (const uri of uris.slice(0, 3)) await w.client.unsubscribeResource({ uri });
    await w.client.subscribeResource({ uri: uris[3] });
    await w.client.unsubscribeResource({ uri: uris[3] });
  });

  it('answers a malformed URI or bad arguments with a clear -32602 and subscribes to nothing', async () => {
    const badJson = await rpcError(w.client.subscribeResource({ uri: 'myko://live/query/GetCustomerById?args={id:1' }));
    expect(badJson.code).toBe(-32602);
    expect(badJson.message).toMatch(/args is not valid JSON/);
    const badArgs = await rpcError(w.client.readResource({ uri: live('query', 'GetCustomerById', { id: 'one' }) }));
    expect(badArgs.code).toBe(-32602);
    expect(badArgs.message).toMatch(/id/);
    const command = await rpcError(w.client.readResource({ uri: live('command', 'SetCustomerCity') }));
    expect(command.code).toBe(-32602);
    const unknown = await rpcError(w.client.readResource({ uri: live('query', 'NoSuchQuery') }));
    expect(unknown.code).toBe(-32002);
  });
});

describe("live queries under a client's filters (HTTP)", () => {
  it('a hidden read cannot be read or watched: answered as an unknown resource', async () => {
    const client = await http(server, { 'X-Myko-Tool-Visibility-Deny': 'query_GetCustomer*' });
    try {
      for (const request of [client.readResource({ uri: CUSTOMER_1 }), client.subscribeResource({ uri: CUSTOMER_1 })]) {
        expect((await rpcError(request)).code).toBe(-32002);
      }
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((t) => t.name)).toContain('live-query');
    } finally {
      await client.close();
    }
  });

  it('arguments the client may not call the read with are refused', async () => {
    const client = await http(server, {
      'X-Myko-Tool-Callable-Deny': JSON.stringify({ query_GetCustomerById: { id: [1] } }),
    });
    try {
      const error = await rpcError(client.subscribeResource({ uri: CUSTOMER_1 }));
      expect(error.code).toBe(-32602);
      expect(error.message).toMatch(/not callable/);
      await client.readResource({ uri: live('query', 'GetCustomerById', { id: 2 }) });
    } finally {
      await client.close();
    }
  });
});

describe('live queries for a 2026-07-28 client (subscriptions/listen, SDK v2)', () => {
  // Each test's client (and its listen stream) is closed after it, passed or failed.
  const opened = useReleases();

  async function modern(headers: Record<string, string> = {}) {
    const client = opened(
      new ModernClient(
        { name: 'myko-e2e-live-v2', version: '1.0.0' },
        { versionNegotiation: { mode: { pin: '2026-07-28' } } },
      ),
      (c) => c.close(),
    );
    const updates: string[] = [];
    client.setNotificationHandler('notifications/resources/updated', (n) => {
      updates.push((n.params as { uri: string }).uri);
    });
    await client.connect(new ModernHttpTransport(server.httpUrl, { requestInit: { headers } }));
    return { client, updates };
  }

  it('announces a changed live query on the listen stream, once, and nothing for an unchanged one', async () => {
    const { client, updates } = await modern();
    const uri = live('query', 'GetCustomerById', { id: 4 });
    const subscription = await client.listen({ resourceSubscriptions: [uri] });
    expect(subscription.honoredFilter.resourceSubscriptions).toEqual([uri]);
    const set = (id: number, value: string) =>
      client.callTool({
        name: 'execute',
        arguments: { code: `return myko.command('SetCustomerCity', { id: ${id}, value: '${value}' })` },
      });
    await set(5, 'Kassel');
    await settle();
    expect(updates).toEqual([]);
    await set(4, 'Kassel');
    await settle();
    expect(updates).toEqual([uri]);
    await subscription.close();
  });

  it('leaves a hidden or malformed live URI out of the acknowledgement', async () => {
    const { client } = await modern({ 'X-Myko-Tool-Visibility-Deny': 'query_GetCustomer*' });
    const visible = live('query', 'GetProductById', { id: 1 });
    const subscription = await client.listen({
      resourceSubscriptions: [CUSTOMER_1, 'myko://live/query/GetProductById?args={bad', visible],
    });
    expect(subscription.honoredFilter.resourceSubscriptions).toEqual([visible]);
    await subscription.close();
  });
});
