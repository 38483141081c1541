import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CreateMessageRequestSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { releaseAll } from '../helpers/releases';
import { eventually, execute, proxiedClient, routed } from '../helpers/scale-out.client';
import { type ScaleOutCluster, startScaleOutCluster } from '../helpers/scale-out.cluster';
import { messageOf, RawSession, type SseEvent, SseReader } from '../helpers/sse-client';

jest.setTimeout(90_000);

const CUSTOMER_4 = `myko://live/query/GetCustomerById?args=${encodeURIComponent(JSON.stringify({ id: 4 }))}`;
const setCity = (city: string) => ({
  jsonrpc: '2.0',
  id: `city-${city}`,
  method: 'tools/call',
  params: {
    name: 'execute',
    arguments: { code: `return myko.command('SetCustomerCity', { id: 4, value: '${city}' })` },
  },
});

let cluster: ScaleOutCluster;
const clients: Client[] = [];

beforeAll(async () => {
  cluster = await startScaleOutCluster({ args: ['--plugin-set', 'conformance'] });
});
afterAll(() =>
  releaseAll(
    () => Promise.all(clients.map((client) => client.close())),
    () => cluster?.close(),
  ),
);

/** Sends pings until the proxy's next request goes to `upstream` (nothing else of this suite runs meanwhile). */
async function steer(session: RawSession, upstream: number): Promise<void> {
  while (cluster.proxy.next !== upstream)
    await (await session.post({ jsonrpc: '2.0', id: 'p', method: 'ping' })).text();
}

describe('two instances on one Redis behind a round-robin proxy: 2025-era sessions', () => {
  it("one SDK session's requests alternate instances and all succeed, without re-initializing", async () => {
    const from = cluster.proxy.log.length;
    const client = await proxiedClient(cluster.proxy);
    clients.push(client);
    for (let i = 0; i < 3; i++) {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(['search', 'execute']),
      );
      const found = await client.callTool({ name: 'search', arguments: { query: 'customer city' } });
      expect(found.isError).toBeFalsy();
      expect(await execute(client, "return myko.query('GetCustomerById', { id: 1 })")).toMatchObject({ id: 1 });
      const read = await client.readResource({ uri: 'myko://inventory/low-stock' });
      expect(read.contents).toHaveLength(1);
      await client.ping();
    }
    const session = cluster.proxy.log.slice(from);
    const posts = session.filter((entry) => entry.method === 'POST');
    expect(posts.length).toBeGreaterThanOrEqual(16);
    // Round robin without stickiness: each instance served about half of them.
    for (const upstream of [0, 1]) {
      expect(posts.filter((entry) => entry.upstream === upstream).length).toBeGreaterThanOrEqual(posts.length / 2 - 1);
    }
    expect(session.filter((entry) => entry.status >= 400)).toEqual([]);
    expect(routed(cluster.proxy, 'initialize', from)).toHaveLength(1);
  });

  it('a GET stream held by one instance resumes on the other with Last-Event-ID: replay, then live events', async () => {
    const session = await RawSession.open(cluster.proxy.mcpUrl.href);
    const subscribed = await session.post({
      jsonrpc: '2.0',
      id: 1,
      method: 'resources/subscribe',
      params: { uri: CUSTOMER_4 },
    });
    expect(await subscribed.json()).toMatchObject({ result: {} });

    const firstGet = cluster.proxy.next;
    const first = new SseReader(await session.get());
    expect(first.response.status).toBe(200);
    await first.next(); // priming event
    await (await session.post(setCity('Essen'))).text();
    const [a] = await first.until((e) => messageOf(e)?.method === 'notifications/resources/updated');
    await (await session.post(setCity('Bonn'))).text();
    const [b] = (await first.until((e) => messageOf(e)?.method === 'notifications/resources/updated')).slice(-1);
    await first.drop();

    await steer(session, 1 - firstGet);
    const resumed = new SseReader(await session.get(a.id));
    expect(resumed.response.status).toBe(200);
    const replayed = await resumed.until((e) => e.id === b.id);
    expect(messageOf(replayed.at(-1) as SseEvent).params).toEqual({ uri: CUSTOMER_4 });
    expect(
      cluster.proxy.log
        .filter((entry) => entry.method === 'GET')
        .slice(-2)
        .map((e) => e.upstream),
    ).toEqual([firstGet, 1 - firstGet]);

    // Commands on either instance now reach the stream the second instance holds.
    for (const city of ['Kiel', 'Ulm']) {
      await (await session.post(setCity(city))).text();
      const [live] = (await resumed.until((e) => messageOf(e)?.method === 'notifications/resources/updated')).slice(-1);
      expect(messageOf(live).params).toEqual({ uri: CUSTOMER_4 });
    }
    await resumed.drop();
  });

  it("a call's POST stream, dropped on one instance, resumes on the other: the rest of its progress and the result", async () => {
    const session = await RawSession.open(cluster.proxy.mcpUrl.href);
    const caller = cluster.proxy.next;
    const reader = new SseReader(await session.callTool('long', 'test_tool_with_progress', {}, 'p1'));
    const seen = await reader.until((e) => messageOf(e)?.method === 'notifications/progress');
    await reader.drop();

    await steer(session, 1 - caller);
    const resumed = await session.get(seen.at(-1)?.id);
    expect(resumed.status).toBe(200);
    const rest = (await new SseReader(resumed).rest()).map(messageOf).filter(Boolean);
    expect(rest.at(-1)).toMatchObject({ id: 'long', result: { content: [{ text: 'Progress test completed' }] } });
    const progress = [...seen.map(messageOf), ...rest].filter((m) => m?.method === 'notifications/progress');
    expect(progress.map((m) => m.params.progress)).toEqual([0, 50, 100]);
  });

  it("sampling and elicitation: the client's answer reaches the instance that asked, through the other one", async () => {
    const client = await proxiedClient(cluster.proxy, { sampling: {}, elicitation: {} });
    clients.push(client);
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => ({
      role: 'assistant',
      model: 'e2e',
      content: { type: 'text', text: `echo ${(request.params.messages[0].content as { text: string }).text}` },
    }));
    client.setRequestHandler(ElicitRequestSchema, async () => ({
      action: 'accept',
      content: { username: 'ada', email: 'ada@example.com' },
    }));

    // The client's own GET stream may open between a call and its answer and shift the round robin: a call
    // whose answer happened to land on the asking instance proves nothing, so it is tried again (a few times).
    const crossed = async (call: () => Promise<void>) => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const from = cluster.proxy.log.length;
        await call();
        const [asked] = routed(cluster.proxy, 'tools/call', from);
        const [answer] = routed(cluster.proxy, 'response', from);
        expect(answer).toBeDefined();
        // The tool's result can reach the client before the proxy has logged the answer POST's own 202.
        await eventually(() => answer.status > 0);
        expect(answer.status).toBe(202);
        if (answer.upstream !== asked.upstream) return true;
      }
      return false;
    };
    const sampling = await crossed(async () => {
      const sampled = await client.callTool({ name: 'test_sampling', arguments: { prompt: 'where am I?' } });
      expect(sampled.content).toEqual([{ type: 'text', text: 'LLM response: echo where am I?' }]);
    });
    const elicitation = await crossed(async () => {
      const elicited = await client.callTool({ name: 'test_elicitation', arguments: { message: 'who?' } });
      expect(elicited.content).toEqual([
        { type: 'text', text: 'User response: action=accept, content={"username":"ada","email":"ada@example.com"}' },
      ]);
    });
    expect([sampling, elicitation]).toEqual([true, true]);
  });

  it('cancels a request running on the other instance: no command runs after notifications/cancelled', async () => {
    const client = await proxiedClient(cluster.proxy);
    clients.push(client);
    const level =
      "return (await myko.query('ListStockLevels', { productId: 2, warehouseCode: 'BER' })).items[0].onHand";
    const before = await execute(client, level);
    const from = cluster.proxy.log.length;
    const controller = new AbortController();
    const running = execute(
      client,
      `for (let i = 0; i < 5000; i++) {
        const t = Date.now();
        while (Date.now() - t < 20) {}
        await myko.command('AdjustStock', { productId: 2, warehouseCode: 'BER', quantityDelta: 1, note: 'cancel me' });
      }`,
      { signal: controller.signal, timeout: 120_000 },
    );
    expect(await eventually(async () => (await execute(client, level)) > before)).toBe(true);
    // The next request (the cancellation) goes to the other instance than the running call.
    const [call] = routed(cluster.proxy, 'tools/call', from).filter((_, i) => i === 0);
    while (cluster.proxy.next === call.upstream) await client.ping();
    controller.abort();
    await expect(running).rejects.toThrow(/abort/i);

    // The SDK sends the notification after giving up on the call locally.
    await eventually(() => routed(cluster.proxy, 'notifications/cancelled', from).some((entry) => entry.status > 0));
    expect(routed(cluster.proxy, 'notifications/cancelled', from).map((entry) => entry.upstream)).toEqual([
      1 - call.upstream,
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const afterCancel = await execute(client, level);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await execute(client, level)).toBe(afterCancel);
  });
});
