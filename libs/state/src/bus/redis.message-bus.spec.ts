import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { type RedisServer, startRedisServer } from '../../../../test/helpers/redis-server';
import { releaseAll } from '../../../../test/helpers/releases';
import { StateUnavailableError } from '../errors/state-unavailable.error';
import { connectRedis } from '../redis/redis-connection.factory';
import { RedisStateClient } from '../redis/redis-state.client';
import { CLUSTER_TOPIC, instanceTopic } from './bus-topics';
import type { BusMessage } from './message-bus';
import { RedisMessageBus } from './redis.message-bus';

const quiet = new Logger('test');
jest.spyOn(quiet, 'warn').mockImplementation(() => undefined);
jest.spyOn(quiet, 'log').mockImplementation(() => undefined);

/** A handler that keeps what it is told; `all()` resolves once it got `count` messages (or fails after `ms`). */
function collector(count = 1, ms = 3_000) {
  const got: Array<{ message: BusMessage; origin: string }> = [];
  return {
    got,
    all: () => until(() => got.length >= count, ms).then(() => got),
    handler: (message: BusMessage, origin: string) => {
      got.push({ message, origin });
    },
  };
}

async function until(check: () => Promise<boolean> | boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('RedisMessageBus (real redis-server)', () => {
  let server: RedisServer;
  const connections: Redis[] = [];
  const buses: RedisMessageBus[] = [];

  async function bus(options?: { maxPendingPublishes?: number }): Promise<RedisMessageBus> {
    const redis = await connectRedis({ url: server.url, commandTimeoutMs: 500 }, quiet);
    connections.push(redis);
    const started = await new RedisMessageBus(new RedisStateClient(redis, server.url), options).start();
    buses.push(started);
    return started;
  }

  beforeAll(async () => {
    server = await startRedisServer();
  });

  afterEach(() =>
    releaseAll(
      ...buses.splice(0).map((one) => () => one.onApplicationShutdown()),
      ...connections.splice(0).map((redis) => () => redis.disconnect()),
    ),
  );

  afterAll(async () => {
    await server.stop();
  });

  it('delivers a message published on one instance to the subscriber on another, with its origin', async () => {
    const [a, b] = [await bus(), await bus()];
    const heard = collector();
    await b.subscribe('topic', heard.handler);
    await expect(a.publish('topic', ['x', 'session-1', 7, { nested: [1, 'two'] }])).resolves.toBe(1);
    const [{ message, origin }] = await heard.all();
    expect(message).toEqual(['x', 'session-1', 7, { nested: [1, 'two'] }]);
    expect(origin).toBe(a.instanceId);
    expect(a.instanceId).toMatch(/^[a-z0-9]{10}$/);
    expect(a.instanceId).not.toBe(b.instanceId);
  });

  it('counts instances, not handlers: two handlers of one instance are one receiver, and both are told', async () => {
    const [a, b, c] = [await bus(), await bus(), await bus()];
    const first = collector();
    const second = collector();
    const third = collector();
    await b.subscribe(CLUSTER_TOPIC, first.handler);
    await b.subscribe(CLUSTER_TOPIC, second.handler);
    await c.subscribe(CLUSTER_TOPIC, third.handler);
    await expect(a.publish(CLUSTER_TOPIC, ['w'])).resolves.toBe(2);
    await Promise.all([first.all(), second.all(), third.all()]);
    expect(b.topicCount).toBe(1);
  });

  it('answers 0 for a topic nobody holds, and stops delivering once the last subscription closes', async () => {
    const [a, b] = [await bus(), await bus()];
    await expect(a.publish('nobody', ['x'])).resolves.toBe(0);
    const heard = collector();
    const kept = collector();
    const one = await b.subscribe('t', heard.handler);
    const other = await b.subscribe('t', kept.handler);
    await one.close();
    await one.close();
    await expect(a.publish('t', ['still'])).resolves.toBe(1);
    await kept.all();
    expect(heard.got).toEqual([]);
    await other.close();
    await expect(a.publish('t', ['gone'])).resolves.toBe(0);
    expect(b.topicCount).toBe(0);
  });

  it('tells whether an instance still listens on its instance topic', async () => {
    const [a, b] = [await bus(), await bus()];
    await b.subscribe(instanceTopic(b.instanceId), () => undefined);
    await expect(a.isAlive(b.instanceId)).resolves.toBe(true);
    await expect(a.isAlive('nosuchinst')).resolves.toBe(false);
    await b.onApplicationShutdown();
    await until(async () => !(await a.isAlive(b.instanceId)));
  });

  it('drops a malformed message without failing, and delivers the next one', async () => {
    const [a, b] = [await bus(), await bus()];
    const heard = collector();
    await b.subscribe('t', heard.handler);
    const raw = connections[0];
    await raw.publish('myko:bus:t', 'not json at all');
    await raw.publish('myko:bus:t', `${'z'.repeat(10)}{"an":"object"}`);
    await a.publish('t', ['ok']);
    const [{ message }] = await heard.all();
    expect(message).toEqual(['ok']);
  });

  it('a handler that throws does not keep the message from the other handlers, and is logged', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const [a, b] = [await bus(), await bus()];
    const heard = collector();
    await b.subscribe('t', () => {
      throw new Error('handler bug');
    });
    await b.subscribe('t', heard.handler);
    await a.publish('t', ['x']);
    await heard.all();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('handler bug'));
    logged.mockRestore();
  });

  it('fails a publish at once past its bound of messages awaiting Redis', async () => {
    const a = await bus({ maxPendingPublishes: 1 });
    const first = a.publish('t', ['1']);
    await expect(a.publish('t', ['2'])).rejects.toBeInstanceOf(StateUnavailableError);
    await expect(first).resolves.toBe(0);
    await expect(a.publish('t', ['3'])).resolves.toBe(0);
  });

  it('Redis down: publishes fail with StateUnavailableError; back: topics are resubscribed and messages flow', async () => {
    const [a, b] = [await bus(), await bus()];
    // Told once when Redis is back (a removed listener is not).
    const backs: number[] = [];
    b.onReconnected(() => backs.push(Date.now()));
    const removed = b.onReconnected(() => backs.push(-1));
    removed();
    const before = collector();
    await b.subscribe('kept', before.handler);
    await server.kill();
    await expect(a.publish('kept', ['lost'])).rejects.toBeInstanceOf(StateUnavailableError);
    // Subscribed while Redis is away: held, and subscribed once it is back.
    const during = collector();
    await b.subscribe('late', during.handler);
    await server.restart();
    await until(async () => (await a.publish('kept', ['back']).catch(() => 0)) === 1, 10_000);
    await until(async () => (await a.publish('late', ['late']).catch(() => 0)) === 1, 10_000);
    await before.all();
    await during.all();
    expect(before.got[0].message).toEqual(['back']);
    expect(backs).toHaveLength(1);
    expect(backs[0]).toBeGreaterThan(0);
  }, 30_000);
});
