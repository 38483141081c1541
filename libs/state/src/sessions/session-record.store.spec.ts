import { type RedisServer, startRedisServer } from '../../../../test/helpers/redis-server';
import { releaseAll } from '../../../../test/helpers/releases';
import { instanceTopic } from '../bus/bus-topics';
import { RedisMessageBus } from '../bus/redis.message-bus';
import { connectRedis } from '../redis/redis-connection.factory';
import { RedisStateClient } from '../redis/redis-state.client';
import { MemorySessionRecordStore } from './memory-session-record.store';
import { RedisSessionRecordStore, sessionKey } from './redis-session-record.store';
import type { SessionRecordStore } from './session-record.interface';

const owner = { keyId: 'ab12', principal: 'ops', address: '127.0.0.1' };
const state = { protocolVersion: '2025-11-25', initialized: false, logLevel: 'info', subscriptions: [] };

function record(id: string) {
  return { id, owner, openedAt: 1_000, lastSeenAt: 1_000, requests: 0, state };
}

let server: RedisServer;
let client: RedisStateClient;

beforeAll(async () => {
  server = await startRedisServer();
  // A command's time limit far above the product's 2 s: these cases test the store, not a slow Redis, and a
  // starved test process once read its reply only after 2 s.
  const redis = await connectRedis({ url: server.url, keyPrefix: 'spec:', commandTimeoutMs: 20_000 });
  client = new RedisStateClient(redis, server.url);
});

afterAll(() =>
  releaseAll(
    () => client?.redis.disconnect(),
    () => server?.stop(),
  ),
);

describe.each([
  ['memory', () => new MemorySessionRecordStore()],
  ['redis', () => new RedisSessionRecordStore(client)],
])('the %s session record store', (_name, make: () => SessionRecordStore) => {
  let store: SessionRecordStore;
  beforeEach(() => {
    store = make();
  });

  it('returns the whole record to a holder without a copy, and only the version to one that is current', async () => {
    await store.create(record('s1'), 60_000);
    const first = await store.touch('s1', { now: 2_000, countRequest: false, knownVersion: -1, ttlMs: 60_000 });
    expect(first).toMatchObject({ found: true, rateWaitMs: 0, version: 1 });
    expect(first.record).toEqual({ ...record('s1'), lastSeenAt: 2_000, version: 1 });
    const again = await store.touch('s1', { now: 3_000, countRequest: true, knownVersion: 1, ttlMs: 60_000 });
    expect(again).toEqual({ found: true, rateWaitMs: 0, version: 1 });
  });

  it('bumps the version on a state save, so holders of the older copy reload it', async () => {
    await store.create(record('s2'), 60_000);
    const version = await store.saveState('s2', { ...state, logLevel: 'debug', initialized: true });
    expect(version).toBe(2);
    const touch = await store.touch('s2', { now: 2_000, countRequest: true, knownVersion: 1, ttlMs: 60_000 });
    expect(touch.record?.state).toEqual({ ...state, logLevel: 'debug', initialized: true });
    expect(touch.record?.requests).toBe(1);
  });

  it('forgets a deleted session and saves nothing for it', async () => {
    await store.create(record('s3'), 60_000);
    await store.delete('s3');
    expect(await store.touch('s3', { now: 2_000, countRequest: true, knownVersion: -1, ttlMs: 0 })).toEqual({
      found: false,
      rateWaitMs: 0,
      version: 0,
    });
    expect(await store.saveState('s3', state)).toBeUndefined();
  });

  it('expires a session its TTL after the last touch', async () => {
    await store.create(record('s4'), 150);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const touch = await store.touch('s4', { now: Date.now(), countRequest: false, knownVersion: -1, ttlMs: 150 });
    expect(touch.found).toBe(false);
  });

  it('takes the rate-limit token in the touch and counts only admitted requests', async () => {
    await store.create(record('s5'), 60_000);
    const rate = { key: `k5-${_name}`, ratePerSecond: 1, burst: 2 };
    const touch = (now: number) =>
      store.touch('s5', { now, countRequest: true, knownVersion: -1, ttlMs: 60_000, rate });
    expect((await touch(10_000)).rateWaitMs).toBe(0);
    expect((await touch(10_000)).rateWaitMs).toBe(0);
    const refused = await touch(10_000);
    expect(refused.rateWaitMs).toBe(1000);
    expect(refused.record?.requests).toBe(2);
    expect((await touch(10_500)).rateWaitMs).toBe(500);
    expect((await touch(11_000)).rateWaitMs).toBe(0);
  });
});

describe.each([
  ['memory', () => new MemorySessionRecordStore()],
  ['redis', () => new RedisSessionRecordStore(client)],
])('the %s store counting sessions for the caps', (name, make: () => SessionRecordStore) => {
  it('counts live sessions in all and per key (per address when anonymous), without expired or deleted ones', async () => {
    const store = make();
    const key = { keyId: `${name}-key`, principal: 'ops', address: '10.0.0.1' };
    const anonymous = { address: `${name}-10.0.0.9` };
    const before = await store.count(key);
    await store.create({ ...record(`${name}-c1`), owner: key }, 60_000);
    await store.create({ ...record(`${name}-c2`), owner: key }, 60_000);
    await store.create({ ...record(`${name}-c3`), owner: anonymous }, 60_000);
    await store.create({ ...record(`${name}-c4`), owner: anonymous }, 1_000);
    await store.create({ ...record(`${name}-c5`), owner: anonymous }, 1_000);
    expect(await store.count(key)).toEqual({ total: before.total + 5, own: 2 });
    expect((await store.count(anonymous)).own).toBe(3);
    await store.delete(`${name}-c2`);
    // A touch renews c5 (and its place in the counts) past its first TTL; c4, untouched, expires.
    await store.touch(`${name}-c5`, { now: Date.now(), countRequest: true, knownVersion: 1, ttlMs: 10_000 });
    // The short TTLs are long enough that a loaded machine still counts them before they end.
    await new Promise((resolve) => setTimeout(resolve, 1_400));
    expect(await store.count(key)).toEqual({ total: before.total + 3, own: 1 });
    expect((await store.count(anonymous)).own).toBe(2);
  });
});

describe('the Redis session record store on the wire', () => {
  it('costs one round trip per touch, rate limit included, and writes under the key prefix', async () => {
    const store = new RedisSessionRecordStore(client);
    await store.create(record('w1'), 60_000);
    client.resetRoundTrips();
    const rate = { key: 'w1-key', ratePerSecond: 10, burst: 5 };
    await store.touch('w1', { now: Date.now(), countRequest: true, knownVersion: 1, ttlMs: 60_000, rate });
    expect(client.roundTrips).toBe(1);
    const raw = client.redis.duplicate({ keyPrefix: '', enableOfflineQueue: true });
    try {
      expect(await raw.exists('spec:session:w1', 'session:w1')).toBe(1);
      expect(await raw.pttl('spec:session:w1')).toBeGreaterThan(50_000);
    } finally {
      raw.disconnect();
    }
  });
});

describe("the Redis session record store: subscriptions' watchers", () => {
  const touchAs = (store: SessionRecordStore, id: string, claimAs: string) =>
    store.touch(id, { now: Date.now(), countRequest: true, knownVersion: 1, ttlMs: 60_000, claimAs });

  it('keeps one watcher per URI, and a gone watcher is claimed by exactly one of two instances touching at once', async () => {
    // Buses on the same prefix as the store: a watcher is alive while it listens on its instance channel.
    const connections: Array<{ disconnect(): void }> = [];
    const buses: RedisMessageBus[] = [];
    const busOf = async () => {
      const redis = await connectRedis({ url: server.url, keyPrefix: 'spec:' });
      connections.push(redis);
      const bus = await new RedisMessageBus(new RedisStateClient(redis, server.url)).start();
      buses.push(bus);
      // What dispatch's ClusterChannel listens on for as long as the instance runs.
      await bus.subscribe(instanceTopic(bus.instanceId), () => undefined);
      return bus;
    };
    const store = new RedisSessionRecordStore(client);
    try {
      // One after the other, so that each one started is in the lists the `finally` releases.
      const [a, b, c] = [await busOf(), await busOf(), await busOf()];
      await store.create(record('t1'), 60_000);
      await store.watch('t1', a.instanceId, [
        { uri: 'myko://x', watched: true },
        { uri: 'myko://y', watched: true },
      ]);
      // B's unsubscribe of y does not touch A's x (one field per URI, not a list written back).
      expect(await store.watch('t1', b.instanceId, [{ uri: 'myko://y', watched: false }])).toEqual([]);
      // Subscribing again through B hands B the watch and names A, which must stop; A takes it back.
      expect(await store.watch('t1', b.instanceId, [{ uri: 'myko://x', watched: true }])).toEqual([
        { uri: 'myko://x', instanceId: a.instanceId },
      ]);
      await store.watch('t1', a.instanceId, [{ uri: 'myko://x', watched: true }]);
      client.resetRoundTrips();
      expect((await touchAs(store, 't1', b.instanceId)).claimed).toBeUndefined();
      expect(client.roundTrips).toBe(1);
      await a.onApplicationShutdown();
      const [byB, byC] = await Promise.all([touchAs(store, 't1', b.instanceId), touchAs(store, 't1', c.instanceId)]);
      expect([...(byB.claimed ?? []), ...(byC.claimed ?? [])]).toEqual(['myko://x']);
      const winner = byB.claimed ? b : c;
      // Claimed once: the winner is alive, so nobody claims it again, itself included.
      expect((await touchAs(store, 't1', b.instanceId)).claimed).toBeUndefined();
      expect((await touchAs(store, 't1', c.instanceId)).claimed).toBeUndefined();
      expect(await client.redis.hget(sessionKey('t1'), 'w:myko://x')).toBe(winner.instanceId);
      expect(await client.redis.hget(sessionKey('t1'), 'w:myko://y')).toBeNull();
      expect(await client.redis.hget(sessionKey('t1'), 'ws')).toBe('1');
    } finally {
      await releaseAll(
        ...buses.map((bus) => () => bus.onApplicationShutdown()),
        ...connections.map((connection) => () => connection.disconnect()),
      );
    }
  });
});
