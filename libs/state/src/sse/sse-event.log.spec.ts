import { type RedisServer, startRedisServer } from '../../../../test/helpers/redis-server';
import { connectRedis } from '../redis/redis-connection.factory';
import { RedisStateClient } from '../redis/redis-state.client';
import { MemorySseEventLog } from './memory-sse-event.log';
import { RedisSseEventLog } from './redis-sse-event.log';
import type { SseEventLog, SseEventLogLimits } from './sse-event-log.interface';

let server: RedisServer;
let client: RedisStateClient;

beforeAll(async () => {
  server = await startRedisServer();
  client = new RedisStateClient(await connectRedis({ url: server.url }), server.url);
});

afterAll(async () => {
  client?.redis.disconnect();
  await server?.stop();
});

describe.each([
  ['memory', (limits: SseEventLogLimits) => new MemorySseEventLog(limits)],
  ['redis', (limits: SseEventLogLimits) => new RedisSseEventLog(client, limits)],
])('the %s SSE event log', (name, make: (limits: SseEventLogLimits) => SseEventLog) => {
  it('replays the events after a Last-Event-ID position, in order, per stream', async () => {
    const log = make({ maxEvents: 100, ttlMs: 60_000 });
    for (let seq = 1; seq <= 5; seq++) await log.append(`${name}-s`, 'r1', seq, `{"n":${seq}}`);
    await log.append(`${name}-s`, 'g', 1, '{"other":true}');
    expect(await log.after(`${name}-s`, 'r1', 2)).toEqual({
      events: [3, 4, 5].map((seq) => ({ seq, data: `{"n":${seq}}` })),
      gap: false,
    });
    expect((await log.after(`${name}-s`, 'r1', 5)).events).toEqual([]);
    expect((await log.after(`${name}-s`, 'g', 0)).events).toEqual([{ seq: 1, data: '{"other":true}' }]);
  });

  it('is bounded: old events are trimmed and the replay reports the hole', async () => {
    const log = make({ maxEvents: 3, ttlMs: 60_000 });
    for (let seq = 1; seq <= 500; seq++) await log.append(`${name}-b`, 'r1', seq, 'x');
    const replay = await log.after(`${name}-b`, 'r1', 0);
    // MAXLEN ~ trims in whole radix-tree nodes: near the bound, never the whole history.
    expect(replay.events.length).toBeGreaterThanOrEqual(3);
    expect(replay.events.length).toBeLessThan(200);
    expect(replay.events.at(-1)?.seq).toBe(500);
    expect(replay.gap).toBe(true);
  });

  it("expires a stream its TTL after the last event, and drops a session's streams", async () => {
    const log = make({ maxEvents: 10, ttlMs: 150 });
    await log.append(`${name}-t`, 'r1', 1, 'x');
    await log.append(`${name}-t`, 'r2', 1, 'y');
    await log.drop(`${name}-t`, ['r2']);
    expect((await log.after(`${name}-t`, 'r2', 0)).events).toEqual([]);
    expect((await log.after(`${name}-t`, 'r1', 0)).events).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await log.after(`${name}-t`, 'r1', 0)).events).toEqual([]);
  });
});

it('appends with one round trip (XADD and PEXPIRE pipelined)', async () => {
  const log = new RedisSseEventLog(client, { maxEvents: 10, ttlMs: 1_000 });
  client.resetRoundTrips();
  await log.append('rt', 'r1', 1, 'x');
  expect(client.roundTrips).toBe(1);
});
