import { type RedisServer, startRedisServer } from '../../../../test/helpers/redis-server';
import { releaseAll } from '../../../../test/helpers/releases';
import { connectRedis } from '../redis/redis-connection.factory';
import { RedisStateClient } from '../redis/redis-state.client';
import type { ExecutionStore } from './execution-store.interface';
import { MemoryExecutionStore } from './memory-execution.store';
import { RedisExecutionStore } from './redis-execution.store';

/** The contract both stores keep: a record per id until its retention ends, and one claim per pause. */
function behavesAsAnExecutionStore(make: () => Promise<ExecutionStore[]>): void {
  it('keeps the latest record of an execution, readable from any instance', async () => {
    const [a, b] = await make();
    await a.save('ex_1', '{"state":"paused"}', 60_000);
    await a.save('ex_1', '{"state":"completed"}', 60_000);
    expect(await b.load('ex_1')).toBe('{"state":"completed"}');
    expect(await b.load('ex_unknown')).toBeUndefined();
  });

  it('gives one of several instances deciding a pause at once the decision; the next pause is decided anew', async () => {
    const stores = await make();
    const claims = await Promise.all(stores.map((store) => store.claim('ex_2', 'pause-1', 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await stores[0].claim('ex_2', 'pause-1', 60_000)).toBe(false);
    expect(await stores[1].claim('ex_2', 'pause-2', 60_000)).toBe(true);
  });

  it('tracks ids in a named set, readable from any instance, each until its own time ends', async () => {
    const [a, b] = await make();
    await a.track('owner-1', 'task_a', 60_000);
    await b.track('owner-1', 'task_b', 100);
    await a.track('owner-2', 'task_c', 60_000);
    expect((await b.tracked('owner-1')).sort()).toEqual(['task_a', 'task_b']);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await a.tracked('owner-1')).toEqual(['task_a']);
    expect(await b.tracked('owner-2')).toEqual(['task_c']);
    expect(await b.tracked('owner-unknown')).toEqual([]);
  });

  it('forgets a record once its retention ended', async () => {
    const [a] = await make();
    await a.save('ex_3', '{}', 100);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await a.load('ex_3')).toBeUndefined();
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
  async function instance(): Promise<RedisExecutionStore> {
    const client = new RedisStateClient(await connectRedis({ url: server.url, keyPrefix: 'myko:' }), server.url);
    clients = [...clients, client];
    return new RedisExecutionStore(client);
  }

  behavesAsAnExecutionStore(() => Promise.all([instance(), instance(), instance()]));
});
