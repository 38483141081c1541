import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttpTransport,
} from '@modelcontextprotocol/client';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createAppConfig } from '../../src/config/app.config';
import { clientTransport, connectClient } from '../helpers/mcp-client';
import { type RedisServer, startRedisServer } from '../helpers/redis-server';
import { releaseAll } from '../helpers/releases';
import { RawSession } from '../helpers/sse-client';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

const BURST = 6;
const PINNED = { versionNegotiation: { mode: { pin: '2026-07-28' } } } as const;
/**
 * The counters are the edge's and the sandbox's, never the type check's (the scripts are plain JavaScript): without
 * it, each of the four boots skips warming its type-check workers (seconds of CPU each).
 */
const NO_TYPE_CHECK = 'off';

/** Two in-process instances on one Redis, configured as an operator would: abuse backoff and a rate limit. */
describe('counters every instance shares through Redis', () => {
  let redis: RedisServer;
  let a: TestServer;
  let b: TestServer;
  const clients: Client[] = [];
  const modernClients: ModernClient[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    const dir = mkdtempSync(join(tmpdir(), 'myko-shared-counters-'));
    const configPath = join(dir, 'myko.config.json');
    const sandbox = { cpuTimeMs: 100, abuseBackoff: { strikes: 2, windowMs: 60_000, cooldownMs: 30_000 } };
    const limits = { rateLimit: { requestsPerSecond: 0.1, burst: BURST } };
    writeFileSync(
      configPath,
      JSON.stringify({
        auth: { required: false },
        sandbox,
        limits,
        redis: { url: redis.url },
        typeCheck: NO_TYPE_CHECK,
      }),
    );
    const cli = { host: '127.0.0.1', port: 0, databasePath: ':memory:', configPath };
    a = await startTestServer(createAppConfig('serve', cli, {}));
    b = await startTestServer(createAppConfig('serve', cli, {}));
  });

  afterAll(() =>
    releaseAll(
      () => Promise.all(clients.map((client) => client.close())),
      () => Promise.all(modernClients.map((client) => client.close())),
      () => a?.close(),
      () => b?.close(),
      () => redis?.stop(),
    ),
  );

  it('a conversation whose scripts burn the CPU limit on one instance is cooled down on the other', async () => {
    // A stateless agent naming its conversation: its requests reach either instance.
    const agent = async (server: TestServer) => {
      const modern = new ModernClient({ name: 'shared-abuse', version: '1.0.0' }, PINNED);
      const headers = { 'X-Myko-Conversation': 'agent-1' };
      await modern.connect(new ModernHttpTransport(server.httpUrl, { requestInit: { headers } }));
      modernClients.push(modern);
      return modern;
    };
    const onA = await agent(a);
    for (let i = 0; i < 2; i++) {
      const spun = await onA.callTool({ name: 'execute', arguments: { code: 'while (true) {}' } });
      expect(spun.isError).toBe(true);
    }
    const refused = await (await agent(b)).callTool({ name: 'execute', arguments: { code: 'return 1;' } });
    expect(refused.isError).toBe(true);
    expect(refused._meta).toMatchObject({ limit: 'execute-abuse-backoff', level: 'conversation' });
    // Another conversation of the same client (no key: its address) is served on either instance.
    const onB = await connectClient(clientTransport('ws', b));
    clients.push(onB);
    expect(await onB.callTool({ name: 'execute', arguments: { code: 'return 2;' } })).not.toHaveProperty(
      'isError',
      true,
    );
  });

  it("draws one client's requests on both instances from one token bucket", async () => {
    const session = await RawSession.open(a.httpUrl.href);
    const other = Object.assign(Object.create(Object.getPrototypeOf(session)), session, { url: b.httpUrl.href });
    const statuses: number[] = [];
    for (let i = 0; i < 2 * BURST; i++) {
      const res = await (i % 2 === 0 ? session : other).post({ jsonrpc: '2.0', id: i, method: 'ping' });
      statuses.push(res.status);
      await res.text();
    }
    // The bucket held BURST tokens; the previous test and this session's initialize took some of them.
    const admitted = statuses.filter((status) => status === 200).length;
    expect(admitted).toBeGreaterThan(0);
    expect(admitted).toBeLessThan(BURST);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });
});

describe('session caps counted over every instance', () => {
  let redis: RedisServer;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    redis = await startRedisServer();
    const dir = mkdtempSync(join(tmpdir(), 'myko-shared-caps-'));
    const configPath = join(dir, 'myko.config.json');
    const limits = { maxSessionsPerAddress: 2 };
    writeFileSync(
      configPath,
      JSON.stringify({ auth: { required: false }, limits, redis: { url: redis.url }, typeCheck: NO_TYPE_CHECK }),
    );
    const cli = { host: '127.0.0.1', port: 0, databasePath: ':memory:', configPath };
    a = await startTestServer(createAppConfig('serve', cli, {}));
    b = await startTestServer(createAppConfig('serve', cli, {}));
  });

  afterAll(() =>
    releaseAll(
      () => a?.close(),
      () => b?.close(),
      () => redis?.stop(),
    ),
  );

  it("refuses an address's third session on either instance once two instances hold its two, and admits one after a DELETE", async () => {
    const first = await RawSession.open(a.httpUrl.href);
    await RawSession.open(b.httpUrl.href);
    // Each instance alone holds one session of this address: only the shared count reaches the cap.
    await expect(RawSession.open(a.httpUrl.href)).rejects.toThrow(
      /initialize failed: 429 .*Too many sessions from this address/,
    );
    await expect(RawSession.open(b.httpUrl.href)).rejects.toThrow(/initialize failed: 429/);
    const deleted = await fetch(a.httpUrl, { method: 'DELETE', headers: first.headers() });
    expect(deleted.status).toBe(204);
    const again = await RawSession.open(b.httpUrl.href);
    expect(again.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
