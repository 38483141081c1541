import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { releaseAll } from '../helpers/releases';
import { eventually, execute, proxiedClient, routed } from '../helpers/scale-out.client';
import { type ScaleOutCluster, startScaleOutCluster } from '../helpers/scale-out.cluster';
import { messageOf, RawSession, SseReader } from '../helpers/sse-client';

jest.setTimeout(120_000);

const VICTIM = 0;
const SURVIVOR = 1;
const customer = (id: number) => `myko://live/query/GetCustomerById?args=${encodeURIComponent(JSON.stringify({ id }))}`;
const CUSTOMER_9 = customer(9);
const LEVEL = "return (await myko.query('ListStockLevels', { productId: 4, warehouseCode: 'BER' })).items[0].onHand";
/** A client that waits longer than this for an answer from a dead instance is hanging, not failing cleanly. */
const HANG_MS = 30_000;

const setCity = (city: string, id = 9) => ({
  jsonrpc: '2.0',
  id: `city-${id}-${city}`,
  method: 'tools/call',
  params: {
    name: 'execute',
    arguments: { code: `return myko.command('SetCustomerCity', { id: ${id}, value: '${city}' })` },
  },
});
const subscribe = (uri: string) => ({
  jsonrpc: '2.0',
  id: `sub-${uri}`,
  method: 'resources/subscribe',
  params: { uri },
});
const PING = { jsonrpc: '2.0', id: 'p', method: 'ping' };
const isUpdate = (event: { data?: string }) => messageOf(event)?.method === 'notifications/resources/updated';

/** Rejects with "hung" when `promise` has not settled within HANG_MS. */
function settledWithin<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`hung: no answer within ${HANG_MS} ms`)), HANG_MS);
  });
  return Promise.race([promise, hung]).finally(() => clearTimeout(timer));
}

let cluster: ScaleOutCluster;
let client: Client;
let raw: RawSession;
/** A session whose subscription the victim watches, and its GET stream on the survivor. */
let adopted: RawSession;
let adoptedStream: SseReader;
let lastSeen: string;
let running: Promise<unknown>;
let initializes: number;

beforeAll(async () => {
  cluster = await startScaleOutCluster();
  client = await proxiedClient(cluster.proxy);
  raw = await RawSession.open(cluster.proxy.mcpUrl.href);
});
afterAll(() =>
  releaseAll(
    () => client?.close(),
    () => cluster?.close(),
  ),
);

describe('kill -9 of one instance mid-session (two instances, one Redis, round-robin proxy)', () => {
  it('before: a GET stream and a long call are held by the instance about to die', async () => {
    const post = async (body: object) => (await raw.post(body)).text();
    await post({ jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri: CUSTOMER_9 } });
    while (cluster.proxy.next !== VICTIM) await post({ jsonrpc: '2.0', id: 'p', method: 'ping' });
    const stream = new SseReader(await raw.get());
    expect(stream.response.status).toBe(200);
    await post(setCity('Hof'));
    const [first] = (await stream.until(isUpdate)).slice(-1);
    await post(setCity('Suhl'));
    await stream.until(isUpdate);
    lastSeen = first.id as string;
    // The stream stays open: the instance holding it dies with it.

    const before = await execute(client, LEVEL);
    while (cluster.proxy.next !== VICTIM) await client.ping();
    const from = cluster.proxy.log.length;
    running = execute(
      client,
      `for (let i = 0; i < 400; i++) {
        await myko.command('AdjustStock', { productId: 4, warehouseCode: 'BER', quantityDelta: 1, note: 'doomed' });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }`,
      { timeout: 600_000 },
    );
    running.catch(() => undefined);
    expect(await eventually(async () => (await execute(client, LEVEL)) > before)).toBe(true);
    expect(routed(cluster.proxy, 'tools/call', from)[0].upstream).toBe(VICTIM);
    adopted = await RawSession.open(cluster.proxy.mcpUrl.href);
    while (cluster.proxy.next !== VICTIM) await (await adopted.post(PING)).text();
    await (await adopted.post(subscribe(customer(7)))).text();
    expect(routed(cluster.proxy, 'resources/subscribe').at(-1)?.upstream).toBe(VICTIM);
    // The GET stream goes to the survivor (`next` re-read: the loop above narrowed it for the type checker).
    while ((cluster.proxy as { next: number }).next !== SURVIVOR) await (await adopted.post(PING)).text();
    adoptedStream = new SseReader(await adopted.get());
    expect(adoptedStream.response.status).toBe(200);
    initializes = routed(cluster.proxy, 'initialize').length;

    await cluster.killInstance(VICTIM);
  });

  it('the request that was running on it fails cleanly: the client gets an error, not a hang', async () => {
    const error = await settledWithin(running).then(
      () => undefined,
      (reason: Error) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    // On a hang, what the survivor logged says which side dropped the request.
    expect(error?.message.startsWith('hung') ? `${error.message}\n${cluster.output().slice(-4000)}` : 'failed').toBe(
      'failed',
    );
  });

  it('its sessions go on through the survivor without re-initializing', async () => {
    for (let i = 0; i < 4; i++) {
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      expect(await execute(client, "return myko.query('GetCustomerById', { id: 2 })")).toMatchObject({ id: 2 });
    }
    expect(routed(cluster.proxy, 'initialize')).toHaveLength(initializes);
    expect(cluster.instances[SURVIVOR].child.exitCode).toBeNull();
  });

  it('the GET stream it held resumes on the survivor with Last-Event-ID, then carries new events', async () => {
    const resumed = new SseReader(await raw.get(lastSeen));
    expect(resumed.response.status).toBe(200);
    const replayed = await resumed.until(isUpdate);
    expect(messageOf(replayed.at(-1)!).params).toEqual({ uri: CUSTOMER_9 });
    await (await raw.post(setCity('Gotha'))).text();
    const [live] = (await resumed.until(isUpdate)).slice(-1);
    expect(messageOf(live).params).toEqual({ uri: CUSTOMER_9 });
    await resumed.drop();
  });

  it('a subscription the dead instance watched is watched by the survivor: one update per change, no re-subscribe', async () => {
    // Its first request on the survivor claims the subscription (in its touch) and watches it again.
    await (await adopted.post(subscribe(customer(8)))).text();
    await (await adopted.post(setCity('Jena', 7))).text();
    const [update] = (await adoptedStream.until(isUpdate)).slice(-1);
    expect(messageOf(update).params).toEqual({ uri: customer(7) });
    // The next update is the marker's, not a second one for the same change.
    await (await adopted.post(setCity('Jena', 8))).text();
    const [marker] = (await adoptedStream.until(isUpdate)).slice(-1);
    expect(messageOf(marker).params).toEqual({ uri: customer(8) });
    await adoptedStream.drop();
  });

  it('a new session started after the loss is served too', async () => {
    const fresh = await proxiedClient(cluster.proxy);
    try {
      expect(await execute(fresh, "return myko.query('GetCustomerById', { id: 9 })")).toMatchObject({ city: 'Gotha' });
    } finally {
      await fresh.close();
    }
  });
});
