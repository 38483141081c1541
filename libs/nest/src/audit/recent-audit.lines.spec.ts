import type { AuditQuery } from '@myko/admin';
import { RedisStateClient } from '@myko/state';
import Redis from 'ioredis';
import { type RedisServer, startRedisServer } from '../../../../test/helpers/redis-server';
import { releaseAll } from '../../../../test/helpers/releases';
import { MemoryRecentAuditLines, type RecentAuditLines } from './recent-audit.lines';
import { AUDIT_STREAM_KEY, RedisRecentAuditLines } from './redis-recent-audit.lines';

const query = (extra: Partial<AuditQuery> = {}): AuditQuery => ({ limit: 100, ...extra });

function line(n: number, extra: Record<string, unknown> = {}): string {
  const time = new Date(Date.UTC(2026, 4, 1, 12, 0, n)).toISOString();
  return JSON.stringify({ time, profile: 'ops', operation: `command_Op${n % 3}`, outcome: 'ok', n, ...extra });
}

/** What both stores keep: newest first, the filters, cursors that continue where a page stopped. */
function behavesAsRecentLines(
  make: () => Promise<[writer: RecentAuditLines, reader: RecentAuditLines]>,
  flush: (lines: RecentAuditLines) => Promise<void>,
): void {
  it('answers newest first, filtered, a page at a time', async () => {
    const [writer, reader] = await make();
    for (let n = 0; n < 10; n++) writer.add(line(n), Date.now());
    writer.add(line(10, { kind: 'guard', principal: 'key:0123456789abcdef', outcome: 'cooldown' }), Date.now());
    await flush(writer);

    const all = await reader.query(query());
    expect(all.records.map((record) => (record as { n: number }).n)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    const op1 = await reader.query(query({ operation: 'command_Op1', kind: 'operation' }));
    expect(op1.records.map((record) => (record as { n: number }).n)).toEqual([7, 4, 1]);
    const guard = await reader.query(query({ kind: 'guard', principal: 'key:0123456789abcdef', outcome: 'cooldown' }));
    expect(guard.records).toHaveLength(1);

    const first = await reader.query(query({ limit: 4 }));
    expect(first.next).toEqual(expect.any(String));
    const second = await reader.query(query({ limit: 4, cursor: first.next }));
    const third = await reader.query(query({ limit: 4, cursor: second.next }));
    const paged = [...first.records, ...second.records, ...third.records];
    expect(paged).toEqual(all.records);
    expect(third.next).toBeUndefined();
  });

  it('filters by time: since and until bound the lines (by when they happened)', async () => {
    const [writer, reader] = await make();
    for (let n = 20; n < 25; n++) writer.add(line(n), Date.now());
    await flush(writer);
    const since = Date.UTC(2026, 4, 1, 12, 0, 22);
    const until = Date.UTC(2026, 4, 1, 12, 0, 23);
    const window = await reader.query(query({ since, until }));
    expect(window.records.map((record) => (record as { n: number }).n)).toEqual([23, 22]);
    const late = await reader.query(query({ since: Date.now() + 60_000 }));
    expect(late.records).toEqual([]);
  });
}

describe('recent audit lines in memory', () => {
  behavesAsRecentLines(
    async () => {
      const lines = new MemoryRecentAuditLines(100);
      return [lines, lines];
    },
    async () => undefined,
  );

  it('keeps the last `capacity` lines only', async () => {
    const lines = new MemoryRecentAuditLines(5);
    for (let n = 0; n < 12; n++) lines.add(line(n), Date.now());
    const page = await lines.query(query());
    expect(page.records.map((record) => (record as { n: number }).n)).toEqual([11, 10, 9, 8, 7]);
    await expect(lines.query(query({ cursor: 'r1-0' }))).rejects.toMatchObject({ status: 400 });
  });
});

describe('recent audit lines in a Redis stream shared by instances', () => {
  let server: RedisServer;
  let clients: RedisStateClient[] = [];

  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(() => releaseAll(...clients.map((client) => () => client.redis.disconnect()), () => server?.stop()));

  /** A fresh connection, as another instance would hold. */
  async function instance(capacity = 1_000): Promise<RedisRecentAuditLines> {
    const client = new RedisStateClient(new Redis(server.url, { keyPrefix: 'myko:' }), server.url);
    clients = [...clients, client];
    return new RedisRecentAuditLines(client, capacity);
  }

  behavesAsRecentLines(
    async () => {
      const writer = await instance();
      await clients[clients.length - 1].redis.del(AUDIT_STREAM_KEY);
      return [writer, await instance()];
    },
    (lines) => (lines as RedisRecentAuditLines).flush(),
  );

  it('finds a line written on instance A from instance B, without awaiting the writer', async () => {
    const [a, b] = [await instance(), await instance()];
    a.add(line(42, { kind: 'admin', action: 'access.explain', principal: 'admin:abc' }));
    let found: readonly object[] = [];
    for (let tries = 0; tries < 50 && found.length === 0; tries++) {
      found = (await b.query(query({ principal: 'admin:abc', operation: 'access.explain' }))).records;
      if (found.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(found).toEqual([expect.objectContaining({ n: 42, kind: 'admin' })]);
  });

  it('trims the stream to about its capacity', async () => {
    const writer = await instance(100);
    for (let n = 0; n < 1_000; n++) writer.add(line(n));
    await writer.flush();
    const length = await clients[0].redis.xlen(AUDIT_STREAM_KEY);
    expect(length).toBeLessThan(400);
  });
});
