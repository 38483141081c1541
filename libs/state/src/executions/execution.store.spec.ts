import { type RedisServer, startRedisServer } from '../../../../test/helpers/redis-server';
import { releaseAll } from '../../../../test/helpers/releases';
import { connectRedis } from '../redis/redis-connection.factory';
import { RedisStateClient } from '../redis/redis-state.client';
import { InvalidExecutionCursorError } from './execution-list.cursor';
import type { ExecutionListQuery, ExecutionStore } from './execution-store.interface';
import { MemoryExecutionStore } from './memory-execution.store';
import { indexKey, recordKey } from './redis-execution.keys';
import { RedisExecutionStore } from './redis-execution.store';

const MINUTE = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A retention short enough to wait out, long enough that a loaded machine still reads the record before it ends. */
const SHORT = 1_000;
const PAST_SHORT = SHORT + 400;

/** Saves execution `id` of `principal` in `state` as last changed at `updatedAt`. */
function saveAs(store: ExecutionStore, id: string, principal: string, state: string, updatedAt: number, ttl = MINUTE) {
  return store.save(id, JSON.stringify({ id, state }), ttl, { principal, state, updatedAt });
}

/** Every id of a listing, page after page. */
async function walk(store: ExecutionStore, query: Omit<ExecutionListQuery, 'cursor'>): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await store.list({ ...query, ...(cursor ? { cursor } : {}) });
    pages.push(page.records.map((record) => JSON.parse(record).id));
    cursor = page.next;
  } while (cursor && pages.length < 50);
  return pages;
}

/** The contract both stores keep: a record per id until its retention ends, one claim per pause, listings. */
function behavesAsAnExecutionStore(make: () => Promise<ExecutionStore[]>): void {
  it('keeps the latest record of an execution, readable from any instance', async () => {
    const [a, b] = await make();
    await saveAs(a, 'ex_1', 'key:a', 'paused', 1);
    await a.save('ex_1', '{"id":"ex_1","state":"completed"}', MINUTE, {
      principal: 'key:a',
      state: 'completed',
      updatedAt: 2,
    });
    expect(await b.load('ex_1')).toBe('{"id":"ex_1","state":"completed"}');
    expect(await b.load('ex_unknown')).toBeUndefined();
  });

  it('gives one of several instances deciding a pause at once the decision; the next pause is decided anew', async () => {
    const stores = await make();
    const claims = await Promise.all(stores.map((store) => store.claim('ex_2', 'pause-1', MINUTE)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await stores[0].claim('ex_2', 'pause-1', MINUTE)).toBe(false);
    expect(await stores[1].claim('ex_2', 'pause-2', MINUTE)).toBe(true);
  });

  it('tracks ids in a named set, readable from any instance, each until its own time ends', async () => {
    const [a, b] = await make();
    await a.track('owner-1', 'task_a', 60_000);
    await b.track('owner-1', 'task_b', SHORT);
    await a.track('owner-2', 'task_c', 60_000);
    expect((await b.tracked('owner-1')).sort()).toEqual(['task_a', 'task_b']);
    await sleep(PAST_SHORT);
    expect(await a.tracked('owner-1')).toEqual(['task_a']);
    expect(await b.tracked('owner-2')).toEqual(['task_c']);
    expect(await b.tracked('owner-unknown')).toEqual([]);
  });

  it('keeps a record saved without an index (a task) readable, and never lists it', async () => {
    const [a, b] = await make();
    await a.save('task:ex_unindexed', '{"task":1}', MINUTE);
    await saveAs(a, 'ex_indexed', 'key:unlisted', 'completed', 7);
    expect(await b.load('task:ex_unindexed')).toBe('{"task":1}');
    const all = (await walk(b, { limit: 200 })).flat();
    expect(all).toContain('ex_indexed');
    expect(all).not.toContain('task:ex_unindexed');
  });

  it('forgets a record once its retention ended, in its listings too', async () => {
    const [a, b] = await make();
    await saveAs(a, 'ex_3', 'key:gone', 'paused', 3, SHORT);
    expect((await b.list({ principal: 'key:gone', limit: 10 })).records).toHaveLength(1);
    await sleep(PAST_SHORT);
    expect(await a.load('ex_3')).toBeUndefined();
    expect(await b.list({ principal: 'key:gone', limit: 10 })).toEqual({ records: [] });
    expect(await b.list({ principal: 'key:gone', state: 'paused', limit: 10 })).toEqual({ records: [] });
  });

  it('lists on any instance what another saved, newest first, by principal and by state', async () => {
    const [a, b, c] = await make();
    await saveAs(a, 'ex_l1', 'key:p1', 'paused', 1_000);
    await saveAs(b, 'ex_l2', 'key:p2', 'paused', 2_000);
    await saveAs(a, 'ex_l3', 'key:p1', 'completed', 3_000);
    await saveAs(b, 'ex_l4', 'address:::1', 'paused', 4_000);
    const ids = async (query: Omit<ExecutionListQuery, 'limit'>) => (await walk(c, { ...query, limit: 200 })).flat();
    expect((await ids({})).filter((id) => id.startsWith('ex_l'))).toEqual(['ex_l4', 'ex_l3', 'ex_l2', 'ex_l1']);
    expect(await ids({ principal: 'key:p1' })).toEqual(['ex_l3', 'ex_l1']);
    expect(await ids({ principal: 'key:p1', state: 'paused' })).toEqual(['ex_l1']);
    expect(await ids({ principal: 'address:::1' })).toEqual(['ex_l4']);
    expect((await ids({ state: 'paused' })).filter((id) => id.startsWith('ex_l'))).toEqual(['ex_l4', 'ex_l2', 'ex_l1']);
    expect(await ids({ principal: 'key:nobody' })).toEqual([]);
  });

  it('moves a record saved again in another state out of its old state, to its new place in the order', async () => {
    const [a, b] = await make();
    await saveAs(a, 'ex_m1', 'key:m', 'paused', 10);
    await saveAs(a, 'ex_m2', 'key:m', 'paused', 20);
    await saveAs(b, 'ex_m1', 'key:m', 'completed', 30);
    expect((await walk(a, { principal: 'key:m', state: 'paused', limit: 5 })).flat()).toEqual(['ex_m2']);
    expect((await walk(a, { principal: 'key:m', state: 'completed', limit: 5 })).flat()).toEqual(['ex_m1']);
    expect((await walk(a, { principal: 'key:m', limit: 5 })).flat()).toEqual(['ex_m1', 'ex_m2']);
  });

  it('pages with limit and cursor through every record once, ties in updatedAt included', async () => {
    const [a, b] = await make();
    const saved = Array.from({ length: 7 }, (_, i) => `ex_p${i}`);
    // Three share one updatedAt: the id orders them, and no page loses or repeats one.
    await Promise.all(saved.map((id, i) => saveAs(a, id, 'key:pages', 'paused', i < 3 ? 500 : 500 + i)));
    const pages = await walk(b, { principal: 'key:pages', limit: 2 });
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
    expect(pages.flat()).toEqual(['ex_p6', 'ex_p5', 'ex_p4', 'ex_p3', 'ex_p2', 'ex_p1', 'ex_p0']);
    const whole = await b.list({ principal: 'key:pages', limit: 7 });
    expect(whole.records).toHaveLength(7);
    expect(whole.next).toBeUndefined();
  });

  it('refuses a cursor it did not give', async () => {
    const [a] = await make();
    for (const cursor of ['nope!', Buffer.from('[1]').toString('base64url'), Buffer.from('{}').toString('base64url')]) {
      await expect(a.list({ limit: 1, cursor })).rejects.toThrow(InvalidExecutionCursorError);
    }
  });
}

describe('execution store in memory', () => {
  // One process: every "instance" is the same store.
  behavesAsAnExecutionStore(async () => {
    const store = new MemoryExecutionStore();
    return [store, store, store];
  });
});

describe('execution store in Redis', () => {
  let server: RedisServer;
  let clients: RedisStateClient[] = [];

  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(() => releaseAll(...clients.map((client) => () => client.redis.disconnect()), () => server?.stop()));

  /** A fresh connection, as another instance would hold. */
  async function connect(): Promise<RedisStateClient> {
    const client = new RedisStateClient(await connectRedis({ url: server.url, keyPrefix: 'myko:' }), server.url);
    clients = [...clients, client];
    return client;
  }
  const instance = async () => new RedisExecutionStore(await connect());

  behavesAsAnExecutionStore(() => Promise.all([instance(), instance(), instance()]));

  it('skips and removes an index member whose record is gone', async () => {
    const client = await connect();
    const store = new RedisExecutionStore(client);
    await saveAs(store, 'ex_s1', 'key:stale', 'paused', 1);
    await saveAs(store, 'ex_s2', 'key:stale', 'paused', 2);
    await client.redis.del(recordKey('ex_s2'));
    const page = await store.list({ principal: 'key:stale', state: 'paused', limit: 1 });
    expect(page.records.map((record) => JSON.parse(record).id)).toEqual(['ex_s1']);
    expect(page.next).toBeUndefined();
    expect(await client.redis.zrange(indexKey({ principal: 'key:stale', state: 'paused' }), 0, -1)).toEqual(['ex_s1']);
  });

  it('pages on past stale members it removes in the middle of a page, losing none of the live ones', async () => {
    const client = await connect();
    const store = new RedisExecutionStore(client);
    for (let i = 1; i <= 6; i++) await saveAs(store, `ex_g${i}`, 'key:gaps', 'paused', i);
    await client.redis.del(recordKey('ex_g5'), recordKey('ex_g4'));
    const pages = await walk(store, { principal: 'key:gaps', limit: 3 });
    expect(pages).toEqual([['ex_g6', 'ex_g3', 'ex_g2'], ['ex_g1']]);
  });

  it('keeps its index bounded: sets expire with their records, saves prune the expired members', async () => {
    const client = await connect();
    const store = new RedisExecutionStore(client);
    const set = indexKey({ principal: 'key:bounded' });
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => saveAs(store, `ex_b${i}`, 'key:bounded', 'failed', i, SHORT)),
    );
    expect(await client.redis.pttl(set)).toBeGreaterThan(0);
    expect(await client.redis.pttl(set)).toBeLessThanOrEqual(SHORT);
    await sleep(PAST_SHORT);
    expect(await client.redis.exists(set)).toBe(0);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => saveAs(store, `ex_c${i}`, 'key:bounded', 'failed', i, SHORT)),
    );
    await sleep(PAST_SHORT);
    await saveAs(store, 'ex_c_live1', 'key:bounded', 'failed', 100);
    await saveAs(store, 'ex_c_live2', 'key:bounded', 'failed', 101);
    expect(await client.redis.zrange(set, 0, -1)).toEqual(['ex_c_live1', 'ex_c_live2']);
    // The longest-lived record decides the set's lifetime: a shorter one saved later does not cut it.
    expect(await client.redis.pttl(set)).toBeGreaterThan(30_000);
  });

  it('reads a page in a few commands, however many executions are kept', async () => {
    const client = await connect();
    const store = new RedisExecutionStore(client);
    await Promise.all(Array.from({ length: 300 }, (_, i) => saveAs(store, `ex_o${i}`, 'key:big', 'completed', i)));
    client.resetRoundTrips();
    const page = await store.list({ principal: 'key:big', limit: 2 });
    expect(page.records.map((record) => JSON.parse(record).id)).toEqual(['ex_o299', 'ex_o298']);
    expect(client.roundTrips).toBe(2);
    expect(client.commands).toBeLessThanOrEqual(4);
  });
});
