import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { RedisSseEventLog, RedisStateClient } from '@myko/state';
import { postMcp } from '../helpers/raw-mcp';
import { type RedisServer, startRedisServer } from '../helpers/redis-server';
import { releaseAll } from '../helpers/releases';
import { alternatingFetch } from '../helpers/scale-out.client';
import { messageOf, RawSession, SseReader } from '../helpers/sse-client';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Two in-process instances on one Redis: an SDK client whose every HTTP request goes to the other
 * instance than the one before (its own fetch, no proxy) keeps one session without re-initializing.
 */
describe('2025-era sessions shared through Redis', () => {
  let redis: RedisServer;
  let a: TestServer;
  let b: TestServer;
  const hits: string[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    const state = { redis: { url: redis.url } };
    a = await startTestServer({ state });
    b = await startTestServer({ state });
  });

  afterAll(() =>
    releaseAll(
      () => a?.close(),
      () => b?.close(),
      () => redis?.stop(),
    ),
  );

  async function connect(): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
    const transport = new StreamableHTTPClientTransport(a.httpUrl, {
      fetch: alternatingFetch([a, b], (index) => hits.push(index === 0 ? 'a' : 'b')),
    });
    const client = new Client({ name: 'shared-sessions-spec', version: '1.0.0' });
    await client.connect(transport);
    return { client, transport };
  }

  it('serves every request of one session on either instance, with its negotiated state', async () => {
    hits.length = 0;
    const { client, transport } = await connect();
    const tools = await client.listTools();
    expect(tools.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['search', 'execute']));
    await client.setLoggingLevel('debug');
    const found = await client.callTool({ name: 'search', arguments: { query: 'low stock' } });
    expect(found.isError).toBeFalsy();
    const clients = [a, b].map((server) => server.app.get(RedisStateClient));
    for (const counter of clients) counter.resetRoundTrips();
    for (let i = 0; i < 4; i++) await client.ping();
    // One Redis round trip per session request (the touch script, rate token included), on either instance.
    expect(clients.map((counter) => counter.roundTrips)).toEqual([2, 2]);
    expect(clients.map((counter) => counter.commands)).toEqual([2, 2]);
    // `execute` adds its client's abuse cooldown check, and the write of its journal (it called an operation):
    // one script with its listing entries. Three in all for a script that only reads.
    for (const counter of clients) counter.resetRoundTrips();
    const read = await client.callTool({
      name: 'execute',
      arguments: { code: "return myko.query('GetCustomerById', { id: 1 })" },
    });
    expect(read.isError).toBeFalsy();
    expect(clients.reduce((sum, counter) => sum + counter.commands, 0)).toBe(3);
    expect(hits).toContain('a');
    expect(hits).toContain('b');
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    await client.close();
  });

  it('ends the session for both instances on DELETE', async () => {
    const { client, transport } = await connect();
    const id = transport.sessionId as string;
    await transport.terminateSession();
    for (const server of [a, b]) {
      const res = await postMcp(server.httpUrl, { jsonrpc: '2.0', id: 9, method: 'ping' }, id);
      expect(res.status).toBe(404);
    }
    await client.close();
  });

  it('answers a resumed request stream whose instance is gone with an error instead of waiting for ever', async () => {
    const session = await RawSession.open(b.httpUrl.href);
    // What an instance that died mid-request left in the log: its head and one progress event, no response.
    const log = new RedisSseEventLog(a.app.get(RedisStateClient), { maxEvents: 100, ttlMs: 60_000 });
    const progress = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } });
    await log.write([
      { sessionId: session.id, streamId: 'r1xdead', seq: 0, head: { instanceId: 'deadbeef00', requestId: 'lost-1' } },
      { sessionId: session.id, streamId: 'r1xdead', seq: 2, data: progress },
    ]);
    const reader = new SseReader(await session.get('r1xdead:1'));
    expect(reader.response.status).toBe(200);
    // The `retry:` field comes first, then the replay, then the error once the instance is known gone.
    const events = (await reader.rest()).filter((event) => event.id !== undefined);
    expect(events.map((event) => event.id)).toEqual(['r1xdead:2', 'r1xdead:3']);
    expect(messageOf(events[1])).toMatchObject({ id: 'lost-1', error: { code: -32000, data: { retryable: true } } });

    const unknown = await session.get('r7xnowhere:3');
    expect(unknown.status).toBe(400);
  });

  it('answers 503 with a retryable JSON-RPC error while Redis is down, and serves the session again after', async () => {
    const { client, transport } = await connect();
    const id = transport.sessionId as string;
    await redis.kill();
    const res = await postMcp(b.httpUrl, { jsonrpc: '2.0', id: 7, method: 'ping' }, id);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.body).toMatchObject({ error: { code: -32010, data: { retryable: true } } });
    const ready = await fetch(new URL('/health/ready', a.httpUrl));
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ ready: false, state: { backend: 'redis', up: false } });

    await redis.restart();
    await waitFor(async () => (await fetch(new URL('/health/ready', b.httpUrl))).status === 200);
    // The restarted Redis is empty (no persistence here): the old session is unknown, a new one works.
    await client.close();
    const again = await connect();
    expect((await again.client.listTools()).tools.length).toBeGreaterThan(0);
    await again.client.close();
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('not ready in time');
}
