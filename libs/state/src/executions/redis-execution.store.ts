import type { RedisStateClient } from '../redis/redis-state.client';
import {
  decodeExecutionCursor,
  type ExecutionListPosition,
  encodeExecutionCursor,
  isAfter,
} from './execution-list.cursor';
import { SAVE_EXECUTION_LUA } from './execution-save.script';
import type {
  ExecutionIndexEntry,
  ExecutionListQuery,
  ExecutionPage,
  ExecutionStore,
} from './execution-store.interface';
import {
  claimKey,
  type IndexScope,
  indexKey,
  indexScopesOf,
  matches,
  PRINCIPAL_FIELD,
  RECORD_FIELD,
  recordKey,
  STATE_FIELD,
} from './redis-execution.keys';

/** How many of a listing's oldest members each save checks, removing those whose record expired or moved on. */
const PRUNE_PROBE = 8;

type Member = ExecutionListPosition;
const setKey = (set: string) => `execution-set:${set}`;

/**
 * Execution records in Redis, one hash each expiring with its retention; a decision's claim is a `SET NX PX`, so
 * of two instances deciding one pause at once exactly one gets it. Listings are sorted sets by `updatedAt`
 * (`redis-execution.keys.ts`), shared by every instance: a page reads its size of members (plus those it finds
 * stale and removes), never the keyspace. An index set lives as long as its longest-lived record, and each save
 * (one script, `execution-save.script.ts`) prunes the oldest members of the sets it touches, so the sets do not
 * outgrow the records kept.
 */
export class RedisExecutionStore implements ExecutionStore {
  readonly shared = true;

  private readonly scripts: Record<
    'mykoSaveExecution',
    (keys: number, ...args: Array<string | number>) => Promise<unknown>
  >;
  /** Record keys as the save script names them (the connection's key prefix included). */
  private readonly recordPrefix: string;

  constructor(private readonly client: RedisStateClient) {
    client.redis.defineCommand('mykoSaveExecution', { lua: SAVE_EXECUTION_LUA });
    this.scripts = client.redis as unknown as typeof this.scripts;
    this.recordPrefix = `${client.redis.options.keyPrefix ?? ''}${recordKey('')}`;
  }

  async save(id: string, record: string, ttlMs: number, index?: ExecutionIndexEntry): Promise<void> {
    const px = Math.max(1, Math.ceil(ttlMs));
    if (!index) {
      await this.client.run('execution save', (redis) =>
        redis.multi().hset(recordKey(id), RECORD_FIELD, record).pexpire(recordKey(id), px).exec(),
      );
      return;
    }
    const sets = indexScopesOf(index.principal, index.state).map(indexKey);
    const { principal, state, updatedAt } = index;
    await this.client.run('execution save', () =>
      this.scripts.mykoSaveExecution(
        5,
        recordKey(id),
        ...sets,
        record,
        px,
        principal,
        state,
        updatedAt,
        id,
        this.recordPrefix,
        PRUNE_PROBE,
      ),
    );
  }

  async load(id: string): Promise<string | undefined> {
    const value = await this.client.run('execution load', (redis) => redis.hget(recordKey(id), RECORD_FIELD));
    return value ?? undefined;
  }

  async list({ principal, state, limit, cursor }: ExecutionListQuery): Promise<ExecutionPage> {
    const after = cursor === undefined ? undefined : decodeExecutionCursor(cursor);
    const scope: IndexScope = { principal, state };
    const found: { member: Member; record: string }[] = [];
    let offset = 0;
    let reached = after;
    // One more than the page tells whether there is a next one; stale members cost another batch.
    while (found.length <= limit) {
      const batch = limit + 1 - found.length;
      const members = await this.newest(scope, after, offset, batch);
      // Past the last one read: a member saved meanwhile (newer, so first) shifts the offsets, never repeats one.
      const unread = members.filter((member) => isAfter(member, reached));
      const { live, removed } = await this.live(scope, unread);
      found.push(...live);
      // The stale ones just removed were before the offset: the set shrank by them.
      offset += members.length - removed;
      reached = members.at(-1) ?? reached;
      if (members.length < batch) break;
    }
    const page = found.slice(0, limit);
    const last = page.at(-1)?.member;
    return {
      records: page.map((entry) => entry.record),
      ...(found.length > limit && last ? { next: encodeExecutionCursor(last) } : {}),
    };
  }

  async claim(id: string, step: string, ttlMs: number): Promise<boolean> {
    const px = Math.max(1, Math.ceil(ttlMs));
    const reply = await this.client.run('execution claim', (redis) =>
      redis.set(claimKey(id, step), '1', 'PX', px, 'NX'),
    );
    return reply === 'OK';
  }

  /** `count` members of the scope's set from `offset`, newest first, none newer than the cursor. */
  private async newest(
    scope: IndexScope,
    after: ExecutionListPosition | undefined,
    offset: number,
    count: number,
  ): Promise<Member[]> {
    const max = after ? String(after.updatedAt) : '+inf';
    const reply = await this.client.run('execution list', (redis) =>
      redis.zrange(indexKey(scope), max, '-inf', 'BYSCORE', 'REV', 'LIMIT', offset, count, 'WITHSCORES'),
    );
    const members: Member[] = [];
    for (let i = 0; i + 1 < reply.length; i += 2) members.push({ id: reply[i], updatedAt: Number(reply[i + 1]) });
    return members;
  }

  /** The records of `members` that still belong in the scope's listing; the others leave its set. */
  private async live(
    scope: IndexScope,
    members: Member[],
  ): Promise<{ live: { member: Member; record: string }[]; removed: number }> {
    if (members.length === 0) return { live: [], removed: 0 };
    const replies = (await this.client.pipeline('execution list', (pipeline) => {
      for (const { id } of members) pipeline.hmget(recordKey(id), RECORD_FIELD, PRINCIPAL_FIELD, STATE_FIELD);
    })) as (string | null)[][];
    const live: { member: Member; record: string }[] = [];
    const stale: string[] = [];
    members.forEach((member, i) => {
      const [record, principal, state] = replies[i];
      if (record !== null && matches(scope, principal, state)) live.push({ member, record });
      else stale.push(member.id);
    });
    const removed =
      stale.length === 0
        ? 0
        : await this.client.run('execution list', (redis) => redis.zrem(indexKey(scope), ...stale));
    return { live, removed };
  }

  /** A sorted set scored by each member's end: ended members are dropped as others are added or read. */
  async track(set: string, id: string, ttlMs: number): Promise<void> {
    const now = Date.now();
    const px = Math.max(1, Math.ceil(ttlMs));
    await this.client.run('execution track', (redis) =>
      redis
        .multi()
        .zremrangebyscore(setKey(set), '-inf', now)
        .zadd(setKey(set), now + px, id)
        .pexpire(setKey(set), px, 'GT')
        .pexpire(setKey(set), px, 'NX')
        .exec(),
    );
  }

  async tracked(set: string): Promise<string[]> {
    const now = Date.now();
    const [, members] = await this.client.run('execution tracked', (redis) =>
      Promise.all([
        redis.zremrangebyscore(setKey(set), '-inf', now),
        redis.zrangebyscore(setKey(set), `(${now}`, '+inf'),
      ]),
    );
    return members;
  }
}
