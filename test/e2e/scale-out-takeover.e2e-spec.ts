import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { RedisStateClient } from '@myko/state';
import { type RedisServer, startRedisServer } from '../helpers/redis-server';
import { releaseAll, useReleases } from '../helpers/releases';
import { eventually, execute } from '../helpers/scale-out.client';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

const customer = (id: number) => `myko://live/query/GetCustomerById?args=${encodeURIComponent(JSON.stringify({ id }))}`;

/** Long enough for a second (duplicate) update to have crossed the bus, were there one. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 600));

/**
 * Issue 17 item 4 for 2025 subscriptions: the instance that watched a session's `resources/subscribe`
 * goes away, and the session goes on through the others without subscribing again. Real parts: app
 * instances in one process on one SQLite file and one redis-server, the official SDK client, whose
 * fetch picks the instance of each POST (the GET stream stays on `holder`, the instance that survives).
 */
describe('a subscription outlives the instance that watched it (one Redis, one SQLite file)', () => {
  let redis: RedisServer;
  let dir: string;
  let shared: Parameters<typeof startTestServer>[0];
  let b: TestServer;
  let holder: TestServer;
  const clients: Client[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    dir = mkdtempSync(join(tmpdir(), 'myko-takeover-'));
    shared = { databasePath: join(dir, 'shop.db'), state: { redis: { url: redis.url } } };
    b = await startTestServer(shared);
    holder = await startTestServer(shared);
  });

  afterAll(() =>
    releaseAll(
      ...clients.map((client) => () => client.close().catch(() => undefined)),
      () => b?.close(),
      () => holder?.close(),
      () => redis?.stop(),
      () => rmSync(dir, { recursive: true, force: true }),
    ),
  );
  // A watcher a test stops itself is still closed when the test fails before that.
  const opened = useReleases();

  /** An SDK client: GETs go to `holder`, each POST to what `route()` names when it is sent. */
  async function connect(route: () => TestServer) {
    const fetchTo: typeof fetch = (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      url.host = (init?.method === 'GET' ? holder : route()).host;
      return fetch(url, init);
    };
    const client = new Client({ name: 'myko-e2e-takeover', version: '1.0.0' });
    clients.push(client);
    const updates: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updates.push(n.params.uri);
    });
    await client.connect(new StreamableHTTPClientTransport(b.httpUrl, { fetch: fetchTo }));
    return { client, updates };
  }

  /** Sets customer `id`'s city through `server` and waits for the updates it makes (none expected: `count` 0). */
  async function write(client: Client, updates: string[], id: number, city: string, count: number): Promise<void> {
    const before = updates.length;
    await execute(client, `return myko.command('SetCustomerCity', { id: ${id}, value: '${city}' })`);
    if (count > 0) await eventually(() => updates.length >= before + count);
    await settle();
  }

  it('another instance watches it again once its watcher is gone: one update per change, and unsubscribe still works', async () => {
    const watcher = opened(await startTestServer(shared), (server) => server.close());
    let target = watcher;
    const { client, updates } = await connect(() => target);
    const uri = customer(3);
    const watcherRounds = watcher.app.get(RedisStateClient);
    watcherRounds.resetRoundTrips();
    await client.subscribeResource({ uri });
    // The touch, then the subscription's own field (no read-modify-write of a list, no state save).
    expect(watcherRounds.roundTrips).toBe(2);
    target = b;
    await write(client, updates, 3, 'Graz', 1);
    expect(updates).toEqual([uri]);

    await watcher.close();
    const rounds = b.app.get(RedisStateClient);
    rounds.resetRoundTrips();
    await client.ping();
    // The takeover costs the ping nothing more than its touch (the claim is in it), plus writing the new watcher.
    expect(rounds.roundTrips).toBe(2);
    await write(client, updates, 3, 'Linz', 1);
    expect(updates).toEqual([uri, uri]);
    rounds.resetRoundTrips();
    await client.ping();
    expect(rounds.roundTrips).toBe(1);

    // Unsubscribed through a third instance: B's watch ends, and nothing is claimed again.
    target = holder;
    await client.unsubscribeResource({ uri });
    await client.ping();
    target = b;
    await client.ping();
    await write(client, updates, 3, 'Wels', 0);
    expect(updates).toEqual([uri, uri]);
  });

  it('two instances serving the session at once after its watcher is gone: one watches it, one update', async () => {
    const watcher = opened(await startTestServer(shared), (server) => server.close());
    let target = watcher;
    let alternate: (() => TestServer) | undefined;
    const { client, updates } = await connect(() => alternate?.() ?? target);
    const uri = customer(4);
    await client.subscribeResource({ uri });
    await write(client, updates, 4, 'Graz', 1);
    expect(updates).toEqual([uri]);

    await watcher.close();
    // Two requests of the session in flight together, one on B and one on the holder.
    let turn = 0;
    alternate = () => (turn++ % 2 === 0 ? b : holder);
    const first = client.ping();
    const second = client.ping();
    await Promise.all([first, second]);
    expect(turn).toBe(2);
    alternate = undefined;
    target = b;
    await write(client, updates, 4, 'Linz', 1);
    expect(updates).toEqual([uri, uri]);
  });

  it('subscribing again through another live instance moves the watch there: still one update per change', async () => {
    let target = b;
    const { client, updates } = await connect(() => target);
    const uri = customer(5);
    await client.subscribeResource({ uri });
    await write(client, updates, 5, 'Graz', 1);
    target = holder;
    await client.subscribeResource({ uri });
    target = b;
    await write(client, updates, 5, 'Linz', 1);
    expect(updates).toEqual([uri, uri]);
    // The watch is the holder's now: unsubscribing through it ends the updates.
    target = holder;
    await client.unsubscribeResource({ uri });
    await write(client, updates, 5, 'Wels', 0);
    expect(updates).toEqual([uri, uri]);
  });
});
