import { type RedisServer, startRedisServer } from '../../../../test/helpers/redis-server';
import { releaseAll } from '../../../../test/helpers/releases';
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

afterAll(() =>
  releaseAll(
    () => client?.redis.disconnect(),
    () => server?.stop(),
  ),
);

const head = { instanceId: 'abcdefghij', requestId: 'call-1' };

describe.each([
  ['memory', (limits: SseEventLogLimits) => new MemorySseEventLog(limits)],
  ['redis', (limits: SseEventLogLimits) => new RedisSseEventLog(client, limits)],
])('the %s SSE event log', (name, make: (limits: SseEventLogLimits) => SseEventLog) => {
  it('replays the events after a Last-Event-ID position, in order, per stream, with the head and the end', async () => {
    const log = make({ maxEvents: 100, ttlMs: 60_000 });
    const s = `${name}-s`;
    await log.write([{ sessionId: s, streamId: 'r1', seq: 2, data: '{"n":2}', head }]);
    await log.write([3, 4].map((seq) => ({ sessionId: s, streamId: 'r1', seq, data: `{"n":${seq}}` })));
    await log.write([{ sessionId: s, streamId: 'g', seq: 1, data: '{"other":true}' }]);
    const open = await log.read(s, 'r1', 2);
    expect(open).toEqual({
      exists: true,
      events: [3, 4].map((seq) => ({ seq, data: `{"n":${seq}}` })),
      gap: false,
      ended: false,
      head,
    });
    await log.write([
      { sessionId: s, streamId: 'r1', seq: 5, data: '{"result":1}' },
      { sessionId: s, streamId: 'r1', seq: 5, end: true },
    ]);
    expect(await log.read(s, 'r1', 4)).toMatchObject({ events: [{ seq: 5, data: '{"result":1}' }], ended: true });
    expect(await log.read(s, 'r1', 5)).toMatchObject({ events: [], ended: true, head });
    expect(await log.read(s, 'g', 0)).toEqual({
      exists: true,
      events: [{ seq: 1, data: '{"other":true}' }],
      gap: false,
      ended: false,
    });
    expect(await log.read(s, 'r9', 0)).toEqual({ exists: false, events: [], gap: false, ended: false });
  });

  it('is bounded: old events are trimmed and the replay reports the hole', async () => {
    const log = make({ maxEvents: 3, ttlMs: 60_000 });
    const entries = Array.from({ length: 500 }, (_, i) => ({
      sessionId: `${name}-b`,
      streamId: 'r1',
      seq: i + 1,
      data: 'x',
    }));
    await log.write(entries);
    const replay = await log.read(`${name}-b`, 'r1', 0);
    // MAXLEN ~ trims in whole radix-tree nodes: near the bound, never the whole history.
    expect(replay.events.length).toBeGreaterThanOrEqual(3);
    expect(replay.events.length).toBeLessThan(200);
    expect(replay.events.at(-1)?.seq).toBe(500);
    expect(replay.gap).toBe(true);
  });

  it('expires a stream its TTL after the last write', async () => {
    const log = make({ maxEvents: 10, ttlMs: 1_000 });
    await log.write([{ sessionId: `${name}-t`, streamId: 'r1', seq: 1, data: 'x' }]);
    expect((await log.read(`${name}-t`, 'r1', 0)).events).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1_400));
    expect(await log.read(`${name}-t`, 'r1', 0)).toMatchObject({ exists: false, events: [] });
  });
});

it('writes a batch (events, head, end, TTLs) and reads a replay with one round trip each', async () => {
  const log = new RedisSseEventLog(client, { maxEvents: 10, ttlMs: 1_000 });
  client.resetRoundTrips();
  await log.write([
    { sessionId: 'rt', streamId: 'r1', seq: 2, data: 'x', head },
    { sessionId: 'rt', streamId: 'r1', seq: 3, data: 'y' },
    { sessionId: 'rt', streamId: 'r1', seq: 3, end: true },
  ]);
  expect(client.roundTrips).toBe(1);
  expect(await log.read('rt', 'r1', 2)).toMatchObject({ events: [{ seq: 3, data: 'y' }], ended: true, head });
  expect(client.roundTrips).toBe(2);
});
