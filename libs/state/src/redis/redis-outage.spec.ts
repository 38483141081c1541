import { type RedisServer, startRedisServer } from '../../../../test/helpers/redis-server';
import { releaseAll } from '../../../../test/helpers/releases';
import { StateConnectionError } from '../errors/state-connection.error';
import { StateUnavailableError } from '../errors/state-unavailable.error';
import { RedisSessionRecordStore } from '../sessions/redis-session-record.store';
import { StateHealth } from '../state-health.service';
import { connectRedis } from './redis-connection.factory';
import { RedisStateClient } from './redis-state.client';

const quiet = { log: () => undefined, warn: () => undefined } as never;
const record = { id: 'o1', owner: { address: '127.0.0.1' }, openedAt: 1, lastSeenAt: 1, requests: 0, state: {} };
const touch = { now: 1, countRequest: false, knownVersion: -1, ttlMs: 0 };

async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not met in time');
}

describe('a Redis that is not there at start-up', () => {
  it('refuses with a StateConnectionError naming the URL, its password redacted', async () => {
    const server = await startRedisServer();
    const url = `redis://user:s3cret@127.0.0.1:${server.port}/0`;
    await server.stop();
    const failure = await connectRedis({ url, connectTimeoutMs: 2_000 }, quiet).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StateConnectionError);
    expect((failure as Error).message).toContain(`redis://user:***@127.0.0.1:${server.port}/0`);
    expect((failure as Error).message).not.toContain('s3cret');
    expect((failure as Error).message).toMatch(/ECONNREFUSED/);
  });
});

describe('a Redis lost while serving', () => {
  let server: RedisServer;
  let client: RedisStateClient;

  beforeAll(async () => {
    server = await startRedisServer();
    client = new RedisStateClient(await connectRedis({ url: server.url, commandTimeoutMs: 1_000 }, quiet), server.url);
  });

  afterAll(() =>
    releaseAll(
      () => client?.redis.disconnect(),
      () => server?.stop(),
    ),
  );

  it('fails each request at once with StateUnavailableError, reports down, and recovers when Redis is back', async () => {
    const store = new RedisSessionRecordStore(client);
    const health = new StateHealth(client);
    await store.create(record, 0);
    expect(health.report()).toMatchObject({ backend: 'redis', up: true });

    await server.kill();
    await eventually(async () => !health.report().up);
    const started = Date.now();
    const failures = await Promise.all(
      Array.from({ length: 20 }, () => store.touch('o1', touch).catch((error: unknown) => error)),
    );
    for (const failure of failures) expect(failure).toBeInstanceOf(StateUnavailableError);
    expect((failures[0] as Error).message).toMatch(/^Shared state unavailable \(Redis\): session touch failed/);
    // Nothing waits for a reconnect: no offline queue grows behind the failures.
    expect(Date.now() - started).toBeLessThan(900);
    expect((client.redis as unknown as { offlineQueue: unknown[] }).offlineQueue).toHaveLength(0);

    await server.restart();
    await eventually(async () => health.report().up);
    // An empty Redis came back (no persistence in tests): the session is gone, the store works again.
    expect(await store.touch('o1', touch)).toMatchObject({ found: false });
    await store.create(record, 0);
    expect(await store.touch('o1', touch)).toMatchObject({ found: true });
  });

  it('fails a command Redis does not answer within the command timeout instead of hanging', async () => {
    const store = new RedisSessionRecordStore(client);
    await eventually(async () => client.isUp);
    const blocker = client.redis.duplicate({ enableOfflineQueue: true, commandTimeout: 10_000 });
    try {
      // Connected first, so the stall below starts as soon as it is sent, however slow the machine is.
      await blocker.ping();
      // A busy script stalls the whole server for 3 s (microsecond clock), as a frozen Redis would.
      const busy =
        "local t = redis.call('TIME') local s = t[1] * 1e6 + t[2] + 3e6 " +
        "while true do local n = redis.call('TIME') if n[1] * 1e6 + n[2] >= s then break end end return 1";
      const stalled = blocker.call('EVAL', busy, '0').catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      const failure = await store.touch('o1', touch).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(StateUnavailableError);
      expect((failure as Error).message).toMatch(/timed out/i);
      // Failed at the 1 s command timeout, well before the stall ended.
      expect(Date.now() - started).toBeLessThan(2_500);
      await stalled;
    } finally {
      blocker.disconnect();
    }
  });
});
