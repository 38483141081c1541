import { type RedisServer, startRedisServer } from '../../../../test/helpers/redis-server';
import { releaseAll } from '../../../../test/helpers/releases';
import { connectRedis } from '../redis/redis-connection.factory';
import { RedisStateClient } from '../redis/redis-state.client';
import { RedisSharedSecrets } from './shared-secret.store';

let server: RedisServer;
let clients: RedisStateClient[] = [];

beforeAll(async () => {
  server = await startRedisServer();
});

afterAll(() => releaseAll(...clients.map((client) => () => client.redis.disconnect()), () => server?.stop()));

/** A fresh connection, as another instance would hold, under the given key prefix. */
async function instance(keyPrefix = 'myko:'): Promise<RedisSharedSecrets> {
  const client = new RedisStateClient(await connectRedis({ url: server.url, keyPrefix }), server.url);
  clients = [...clients, client];
  return new RedisSharedSecrets(client);
}

describe('shared secrets in Redis', () => {
  it('gives instances starting at once one secret: the first SET NX wins, every other reads it', async () => {
    const instances = await Promise.all([instance(), instance(), instance(), instance()]);
    const secrets = await Promise.all(instances.map((secrets) => secrets.obtain('request-state')));
    expect(new Set(secrets).size).toBe(1);
    expect(Buffer.from(secrets[0], 'base64url')).toHaveLength(32);
    // A later instance (a restart) reads the same one.
    expect(await (await instance()).obtain('request-state')).toBe(secrets[0]);
  });

  it('keeps names and key prefixes apart', async () => {
    const one = await instance('svc-a:');
    const other = await instance('svc-b:');
    const a = await one.obtain('request-state');
    expect(await one.obtain('other')).not.toBe(a);
    expect(await other.obtain('request-state')).not.toBe(a);
  });

  it('refuses a value that is no usable key (someone wrote the key by hand)', async () => {
    const secrets = await instance('svc-c:');
    await clients[clients.length - 1].redis.set('secret:request-state', 'short');
    await expect(secrets.obtain('request-state')).rejects.toThrow('no usable shared secret');
  });
});
