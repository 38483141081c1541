import { type RedisServer, startRedisServer } from '../../../../test/helpers/redis-server';
import { releaseAll } from '../../../../test/helpers/releases';
import { StateUnavailableError } from '../errors/state-unavailable.error';
import { connectRedis } from '../redis/redis-connection.factory';
import { RedisStateClient } from '../redis/redis-state.client';
import { MemoryUseOnceLedger } from './memory-use-once.ledger';
import { RedisUseOnceLedger } from './redis-use-once.ledger';

describe('use-once ledger in memory', () => {
  it('accepts the first use of an id and refuses every later one while it is valid', async () => {
    const ledger = new MemoryUseOnceLedger();
    expect(await ledger.claim('a', 60_000)).toBe(true);
    expect(await ledger.claim('a', 60_000)).toBe(false);
    expect(await ledger.claim('a', 60_000)).toBe(false);
    expect(await ledger.claim('b', 60_000)).toBe(true);
  });

  it('gives one of many claims at once the use', async () => {
    const ledger = new MemoryUseOnceLedger();
    const claims = await Promise.all(Array.from({ length: 5 }, () => ledger.claim('x', 1_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('forgets uses once their tokens expired, so memory follows the valid tokens only', async () => {
    let now = 0;
    const ledger = new MemoryUseOnceLedger(() => now);
    for (let i = 0; i < 100; i++) await ledger.claim(`id-${i}`, 1_000);
    expect(ledger.size).toBe(100);
    now = 1_001;
    await ledger.claim('later', 1_000);
    expect(ledger.size).toBe(1);
  });
});

describe('use-once ledger in Redis', () => {
  let server: RedisServer;
  let clients: RedisStateClient[] = [];

  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(() => releaseAll(...clients.map((client) => () => client.redis.disconnect()), () => server?.stop()));

  /** A fresh connection, as another instance would hold. */
  async function instance(keyPrefix = 'myko:'): Promise<RedisUseOnceLedger> {
    const client = new RedisStateClient(await connectRedis({ url: server.url, keyPrefix }), server.url);
    clients = [...clients, client];
    return new RedisUseOnceLedger(client, 'request-state');
  }

  it('gives one of several instances claiming one id at once the use, and none a later one', async () => {
    const instances = await Promise.all([instance(), instance(), instance(), instance()]);
    const claims = await Promise.all(instances.map((ledger) => ledger.claim('state-1', 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await instances[0].claim('state-1', 60_000)).toBe(false);
    expect(await instances[1].claim('state-2', 60_000)).toBe(true);
  });

  it('expires the use with its token (PX), under the key prefix', async () => {
    const ledger = await instance('svc-a:');
    expect(await ledger.claim('short', 1_000)).toBe(true);
    const probe = clients[clients.length - 1].redis;
    const ttl = await probe.pttl('request-state:used:short');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(1_000);
    await new Promise((resolve) => setTimeout(resolve, 1_400));
    expect(await ledger.claim('short', 150)).toBe(true);
  });

  it('fails closed with StateUnavailableError while Redis is down, and claims again once it is back', async () => {
    const ledger = await instance('svc-b:');
    await server.stop();
    await expect(ledger.claim('during-outage', 60_000)).rejects.toBeInstanceOf(StateUnavailableError);
    await server.restart();
    const deadline = Date.now() + 10_000;
    while (!clients[clients.length - 1].isUp && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await ledger.claim('during-outage', 60_000)).toBe(true);
  });
});
