import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createAppConfig } from '../../src/config/app.config';
import { KEYS, writeAccessConfig } from '../helpers/access-fixtures';
import { keyedInitialize, sleep } from '../helpers/raw-mcp';
import { type RedisServer, startRedisServer } from '../helpers/redis-server';
import { releaseAll } from '../helpers/releases';
import { alternatingFetch } from '../helpers/scale-out.client';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(90_000);

const CAP = 4;

/**
 * Sessions that end, on Redis: two in-process instances share the sessions and the per-key cap; every
 * SDK client's requests alternate between them (no proxy, no affinity).
 */
describe('sessions that end, shared through Redis: closed SDK clients do not hold the key’s slots', () => {
  let redis: RedisServer;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    redis = await startRedisServer();
    const configPath = writeAccessConfig({ limits: { maxSessionsPerKey: CAP } }).path;
    const config = () =>
      createAppConfig(
        'serve',
        { host: '127.0.0.1', port: 0, databasePath: ':memory:', configPath, redisUrl: redis.url },
        {},
      );
    a = await startTestServer(config());
    b = await startTestServer(config());
  });

  afterAll(() =>
    releaseAll(
      () => a?.close(),
      () => b?.close(),
      () => redis?.stop(),
    ),
  );

  async function keyedClient(): Promise<Client> {
    const headers = { Authorization: `Bearer ${KEYS.ops}` };
    const transport = new StreamableHTTPClientTransport(a.httpUrl, {
      fetch: alternatingFetch([a, b]),
      requestInit: { headers },
    });
    const client = new Client({ name: 'session-reclaim-shared', version: '1.0.0' });
    await client.connect(transport);
    return client;
  }

  async function connectCallClose(): Promise<string> {
    try {
      const client = await keyedClient();
      const result = await client.callTool({ name: 'search', arguments: { query: 'order' } });
      await client.close();
      return result.isError ? 'tool error' : 'ok';
    } catch (error) {
      return (error as Error).message;
    }
  }

  it(`20 SDK clients under one key (cap ${CAP}) connect, call a tool and close() one after another: all succeed`, async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 20; i++) outcomes.push(await connectCallClose());
    expect(outcomes).toEqual(Array.from({ length: 20 }, () => 'ok'));
  });

  it(`and ${CAP} at a time: none is told "Session not found"; one refused while the last wave's streams close gets in when it retries`, async () => {
    const refusals: string[] = [];
    // A closed client's stream ends on the server a moment after close() resolves (on a loaded machine, after the
    // next wave's initialize): that initialize is refused as busy with Retry-After (≥ 1 s), as a client is told.
    const connectRetryingOnce = async () => {
      const first = await connectCallClose();
      if (first === 'ok') return first;
      refusals.push(first);
      await sleep(1_000);
      return connectCallClose();
    };
    const outcomes: string[] = [];
    for (let wave = 0; wave < 20 / CAP; wave++) {
      outcomes.push(...(await Promise.all(Array.from({ length: CAP }, connectRetryingOnce))));
    }
    expect(outcomes.filter((outcome) => outcome !== 'ok')).toEqual([]);
    for (const refusal of refusals) expect(refusal).toMatch(/-32029.*Too many sessions for this API key.*all busy/);
  });

  it('with the cap full of live clients, a new initialize on either instance gets 429 + Retry-After, not 404', async () => {
    const live = await Promise.all(Array.from({ length: CAP }, keyedClient));
    await Promise.all(live.map((client) => client.listTools()));
    await sleep(100);
    for (const server of [a, b]) {
      const { status, retryAfter, body } = await keyedInitialize(server.httpUrl, KEYS.ops);
      expect({ status, code: body.error?.code, limit: body.error?.data?.limit }).toEqual({
        status: 429,
        code: -32029,
        limit: 'maxSessionsPerKey',
      });
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    }
    for (const client of live) expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await Promise.all(live.map((client) => client.close()));
  });
});
