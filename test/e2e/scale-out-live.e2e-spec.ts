import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { releaseAll } from '../helpers/releases';
import { eventually, execute } from '../helpers/scale-out.client';
import { type ScaleOutCluster, startScaleOutCluster } from '../helpers/scale-out.cluster';

jest.setTimeout(90_000);

const LOW_STOCK_URI = 'myko://inventory/low-stock';
const customer = (id: number) => `myko://live/query/GetCustomerById?args=${encodeURIComponent(JSON.stringify({ id }))}`;
/** Long enough for a coalesced recomputation and its notification to have crossed Redis. */
const SETTLE_MS = 400;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

interface Watcher {
  client: Client;
  updates: string[];
}

let cluster: ScaleOutCluster;
const clients: Client[] = [];

/** An SDK client held by one instance (WebSocket, straight to it) that records the resource updates it hears. */
async function watcherOn(instance: number): Promise<Watcher> {
  const client = new Client({ name: 'myko-e2e-scale-out-live', version: '1.0.0' });
  const updates: string[] = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    updates.push(n.params.uri);
  });
  await client.connect(new WebSocketClientTransport(new URL(`${cluster.instances[instance].origin}/mcp`)));
  clients.push(client);
  return { client, updates };
}

/** An SDK client over HTTP straight to one instance: where the commands run. */
async function commanderOn(instance: number): Promise<Client> {
  const client = new Client({ name: 'myko-e2e-scale-out-commands', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${cluster.instances[instance].origin}/mcp`)));
  clients.push(client);
  return client;
}

beforeAll(async () => {
  cluster = await startScaleOutCluster();
});
afterAll(() =>
  releaseAll(
    () => Promise.all(clients.map((client) => client.close())),
    () => cluster?.close(),
  ),
);

describe('live resources across instances (one Redis)', () => {
  it('a live query watched on one instance hears, once, a command run on the other; an unrelated one stays silent', async () => {
    const watcher = await watcherOn(0);
    const commands = await commanderOn(1);
    await watcher.client.subscribeResource({ uri: customer(5) });

    await execute(commands, "return myko.command('SetCustomerCity', { id: 5, value: 'Rostock' })");
    expect(await eventually(() => watcher.updates.length > 0)).toBe(true);
    await settle();
    expect(watcher.updates).toEqual([customer(5)]);
    const read = await watcher.client.readResource({ uri: customer(5) });
    expect(JSON.parse((read.contents[0] as { text: string }).text).city).toBe('Rostock');

    // Another customer, and the same value again: the result behind the watch did not change.
    watcher.updates.length = 0;
    await execute(commands, "return myko.command('SetCustomerCity', { id: 6, value: 'Rostock' })");
    await execute(commands, "return myko.command('SetCustomerCity', { id: 5, value: 'Rostock' })");
    await settle();
    expect(watcher.updates).toEqual([]);
  });

  it('myko://inventory/low-stock subscribed on one instance is updated by a restock on the other', async () => {
    const watcher = await watcherOn(1);
    const commands = await commanderOn(0);
    const [row] = await execute(commands, "return myko.report('LowStock', { limit: 1 })");
    await watcher.client.subscribeResource({ uri: LOW_STOCK_URI });

    await execute(
      commands,
      `return myko.command('RestockProduct', { productId: ${row.productId}, warehouseCode: '${row.warehouseCode}', ` +
        "quantity: 5000, note: 'scale-out live' })",
    );
    expect(await eventually(() => watcher.updates.includes(LOW_STOCK_URI))).toBe(true);
    const after = await watcher.client.readResource({ uri: LOW_STOCK_URI });
    const rows: { productId: number; warehouseCode: string }[] = JSON.parse(
      (after.contents[0] as { text: string }).text,
    );
    expect(rows).not.toContainEqual(
      expect.objectContaining({ productId: row.productId, warehouseCode: row.warehouseCode }),
    );
  });

  it('watchers on both instances each hear a command run on either', async () => {
    const watchers = [await watcherOn(0), await watcherOn(1)];
    const commands = [await commanderOn(0), await commanderOn(1)];
    for (const watcher of watchers) await watcher.client.subscribeResource({ uri: customer(7) });

    for (const [i, city] of ['Jena', 'Gera'].entries()) {
      for (const watcher of watchers) watcher.updates.length = 0;
      await execute(commands[i], `return myko.command('SetCustomerCity', { id: 7, value: '${city}' })`);
      expect(await eventually(() => watchers.every((watcher) => watcher.updates.length > 0))).toBe(true);
      await settle();
      expect(watchers.map((watcher) => watcher.updates)).toEqual([[customer(7)], [customer(7)]]);
    }
  });
});
