import { randomUUID } from 'node:crypto';
import type { RedisStateClient } from '../redis/redis-state.client';
import { STRIKE_LUA } from './abuse-backoff.scripts';

/** The thresholds of the abuse backoff (the same as dispatch's `abuseBackoff` options). */
export interface AbuseBackoffRule {
  readonly strikes: number;
  readonly windowMs: number;
  readonly cooldownMs: number;
  readonly maxCooldownMs: number;
}

/**
 * The `execute` abuse records of every client, shared by the instances: a client that burns the
 * sandbox's limits on one instance cools down on all of them. One round trip per call.
 */
export interface SharedAbuseBackoff {
  /** Milliseconds of cooldown `client` has left (0: none). */
  cooldownLeft(client: string, now?: number): Promise<number>;
  /** Counts a strike; returns the length of the cooldown it started (0: none yet). */
  strike(client: string, rule: AbuseBackoffRule, now?: number): Promise<number>;
}

type Scripted = { mykoAbuseStrike(...keysThenArgs: Array<string | number>): Promise<number> };

/** Keys of a client's records (the connection adds the key prefix). */
function keys(client: string): [string, string] {
  return [`abuse:${client}`, `abuse:${client}:strikes`];
}

/** The records as a hash (cooldown end, level) and a sorted set of strikes, updated by one script. */
export class RedisAbuseBackoff implements SharedAbuseBackoff {
  private readonly scripts: Scripted;

  constructor(private readonly client: RedisStateClient) {
    client.redis.defineCommand('mykoAbuseStrike', { numberOfKeys: 2, lua: STRIKE_LUA });
    this.scripts = client.redis as unknown as Scripted;
  }

  async cooldownLeft(client: string, now = Date.now()): Promise<number> {
    const until = await this.client.run('abuse check', (redis) => redis.hget(keys(client)[0], 'u'));
    return Math.max(0, Number(until ?? 0) - now);
  }

  strike(client: string, rule: AbuseBackoffRule, now = Date.now()): Promise<number> {
    const { strikes, windowMs, cooldownMs, maxCooldownMs } = rule;
    return this.client.run('abuse strike', () =>
      this.scripts.mykoAbuseStrike(...keys(client), now, windowMs, strikes, cooldownMs, maxCooldownMs, randomUUID()),
    );
  }
}
