import type { RedisStateClient } from '../redis/redis-state.client';
import { bucketKey } from '../sessions/redis-session-record.store';
import { TAKE_TOKEN_LUA } from '../sessions/session-record.scripts';

/** Token buckets shared by every instance (a key's rate holds across the replicas behind a balancer). */
export interface SharedRateLimiter {
  /** Takes one token of `key`: 0 when taken, else the milliseconds until one is there. One round trip. */
  take(key: string, ratePerSecond: number, burst: number, now?: number): Promise<number>;
}

type Scripted = { mykoTakeToken(...keysThenArgs: Array<string | number>): Promise<number> };

/** The buckets as Redis hashes (tokens, last refill), refilled and taken by one script; they expire once full. */
export class RedisRateLimiter implements SharedRateLimiter {
  private readonly scripts: Scripted;

  constructor(private readonly client: RedisStateClient) {
    client.redis.defineCommand('mykoTakeToken', { numberOfKeys: 1, lua: TAKE_TOKEN_LUA });
    this.scripts = client.redis as unknown as Scripted;
  }

  take(key: string, ratePerSecond: number, burst: number, now = Date.now()): Promise<number> {
    return this.client.run('rate limit', () => this.scripts.mykoTakeToken(bucketKey(key), now, ratePerSecond, burst));
  }
}
