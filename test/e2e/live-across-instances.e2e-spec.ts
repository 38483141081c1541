import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttpTransport,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { type RedisServer, startRedisServer } from '../helpers/redis-server';
import { releaseAll, useReleases } from '../helpers/releases';
import { type RoundRobinProxy, startRoundRobinProxy } from '../helpers/round-robin.proxy';
import { eventually, proxiedClient } from '../helpers/scale-out.client';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

const LOW_STOCK = 'myko://inventory/low-stock';
const customer = (id: number) => `myko://live/query/GetCustomerById?args=${encodeURIComponent(JSON.stringify({ id }))}`;

async function until(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Long enough for a coalesced recomputation and its notification to have crossed the bus. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

async function wsClient(server: TestServer): Promise<{ client: Client; updates: string[] }> {
  const client = new Client({ name: 'myko-e2e-cluster', version: '1.0.0' });
  const updates: string[] = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    updates.push(n.params.uri);
  });
  await client.connect(new WebSocketClientTransport(server.wsUrl));
  return { client, updates };
}

async function execute(client: Client | ModernClient, code: string): Promise<unknown> {
  const result = await client.callTool({ name: 'execute', arguments: { code } });
  const [first] = result.content as Array<{ text: string }>;
  if (result.isError) throw new Error(`execute failed: ${first.text}`);
  return JSON.parse(first.text);
}

/**
 * Issue 17 item 3 and 18 item 3 with real parts: two instances of the app in one process on one
 * SQLite file and one redis-server, SDK clients on each. A subscriber on one instance hears the
 * commands run on the other; each instance recomputes only what it watches.
 */
describe('live resources across two instances (one Redis, one SQLite file)', () => {
  let redis: RedisServer;
  let dir: string;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    redis = await startRedisServer();
    dir = mkdtempSync(join(tmpdir(), 'myko-cluster-'));
    const shared = { databasePath: join(dir, 'shop.db'), state: { redis: { url: redis.url } } };
    a = await startTestServer(shared);
    b = await startTestServer(shared);
  });

  afterAll(() =>
    releaseAll(
      () => a?.close(),
      () => b?.close(),
      () => redis?.stop(),
      () => rmSync(dir, { recursive: true, force: true }),
    ),
  );
  // A proxy a test starts is closed even when the test fails before its client is up.
  const opened = useReleases();

  it('myko://inventory/low-stock on one instance hears a restock run on the other', async () => {
    const watcher = await wsClient(a);
    const writer = await wsClient(b);
    try {
      const read = await watcher.client.readResource({ uri: LOW_STOCK });
      const rows = JSON.parse((read.contents[0] as { text: string }).text) as Array<{
        productId: number;
        warehouseCode: string;
      }>;
      expect(rows.length).toBeGreaterThan(0);
      await watcher.client.subscribeResource({ uri: LOW_STOCK });
      const { productId, warehouseCode } = rows[0];
      await execute(
        writer.client,
        `return myko.command('RestockProduct', { productId: ${productId}, warehouseCode: '${warehouseCode}', quantity: 5000, note: 'cluster' })`,
      );
      await until(() => watcher.updates.includes(LOW_STOCK), 'the low-stock update on the other instance');
      expect(writer.updates).toEqual([]);
      await watcher.client.unsubscribeResource({ uri: LOW_STOCK });
    } finally {
      await releaseAll(
        () => watcher.client.close(),
        () => writer.client.close(),
      );
    }
  });

  it('a live query is updated only when the command elsewhere changed its result', async () => {
    const watcher = await wsClient(a);
    const writer = await wsClient(b);
    try {
      await watcher.client.subscribeResource({ uri: customer(1) });
      await execute(writer.client, "return myko.command('SetCustomerCity', { id: 2, value: 'Bonn' })");
      await settle();
      expect(watcher.updates).toEqual([]);
      await execute(writer.client, "return myko.command('SetCustomerCity', { id: 1, value: 'Bonn' })");
      await until(() => watcher.updates.length === 1, 'the update');
      await settle();
      expect(watcher.updates).toEqual([customer(1)]);
    } finally {
      await releaseAll(
        () => watcher.client.close(),
        () => writer.client.close(),
      );
    }
  });

  it("HTTP through a round-robin proxy: the update is made where the subscription is and reaches the session's GET stream on the other instance", async () => {
    const proxy: RoundRobinProxy = opened(
      await startRoundRobinProxy([`http://${a.host}`, `http://${b.host}`]),
      (started) => started.close(),
    );
    const client = await proxiedClient(proxy);
    const updates: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updates.push(n.params.uri);
    });
    try {
      expect(await eventually(() => proxy.log.some((entry) => entry.method === 'GET' && entry.status === 200))).toBe(
        true,
      );
      const stream = proxy.log.find((entry) => entry.method === 'GET')!.upstream;
      // The subscription goes to the instance that does not hold the GET stream.
      while (proxy.next === stream) await client.ping();
      const from = proxy.log.length;
      await client.subscribeResource({ uri: customer(6) });
      expect(proxy.log.slice(from).find((entry) => entry.message === 'resources/subscribe')?.upstream).toBe(1 - stream);
      await client.callTool({
        name: 'execute',
        arguments: { code: "return myko.command('SetCustomerCity', { id: 6, value: 'Ulm' })" },
      });
      await until(() => updates.length === 1, 'the update on the GET stream');
      await settle();
      expect(updates).toEqual([customer(6)]);
    } finally {
      await client.close();
    }
  });

  it('a 2026-07-28 subscriptions/listen stream on one instance hears a command run on the other', async () => {
    const listener = new ModernClient(
      { name: 'myko-e2e-cluster-v2', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const updates: string[] = [];
    listener.setNotificationHandler('notifications/resources/updated', (n) => {
      updates.push((n.params as { uri: string }).uri);
    });
    await listener.connect(new ModernHttpTransport(a.httpUrl));
    const writer = await wsClient(b);
    try {
      const subscription = await listener.listen({ resourceSubscriptions: [customer(3)] });
      expect(subscription.honoredFilter.resourceSubscriptions).toEqual([customer(3)]);
      await execute(writer.client, "return myko.command('SetCustomerCity', { id: 3, value: 'Kiel' })");
      await until(() => updates.length === 1, 'the update on the listen stream');
      expect(updates).toEqual([customer(3)]);
      await subscription.close();
    } finally {
      await releaseAll(
        () => listener.close(),
        () => writer.client.close(),
      );
    }
  });
});
