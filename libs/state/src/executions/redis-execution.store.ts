import type { RedisStateClient } from '../redis/redis-state.client';
import type { ExecutionStore } from './execution-store.interface';

const recordKey = (id: string) => `execution:${id}`;
const claimKey = (id: string, step: string) => `execution:${id}:claim:${step}`;
const setKey = (set: string) => `execution-set:${set}`;

/**
 * Execution records in Redis, one key each expiring with its retention; a decision's claim is a
 * `SET NX PX`, so of two instances deciding one pause at once exactly one gets it.
 */
export class RedisExecutionStore implements ExecutionStore {
  readonly shared = true;

  constructor(private readonly client: RedisStateClient) {}

  async save(id: string, record: string, ttlMs: number): Promise<void> {
    const px = Math.max(1, Math.ceil(ttlMs));
    await this.client.run('execution save', (redis) => redis.set(recordKey(id), record, 'PX', px));
  }

  async load(id: string): Promise<string | undefined> {
    const value = await this.client.run('execution load', (redis) => redis.get(recordKey(id)));
    return value ?? undefined;
  }

  async claim(id: string, step: string, ttlMs: number): Promise<boolean> {
    const px = Math.max(1, Math.ceil(ttlMs));
    const reply = await this.client.run('execution claim', (redis) =>
      redis.set(claimKey(id, step), '1', 'PX', px, 'NX'),
    );
    return reply === 'OK';
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
