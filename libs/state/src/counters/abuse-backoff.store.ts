import { randomUUID } from 'node:crypto';
import type { RedisStateClient } from '../redis/redis-state.client';
import { LEFT_LUA, STRIKE_LUA } from './abuse-backoff.scripts';

/** The thresholds of the abuse backoff (the same as dispatch's `abuseBackoff` options). */
export interface AbuseBackoffRule {
  readonly strikes: number;
  readonly windowMs: number;
  readonly cooldownMs: number;
  readonly maxCooldownMs: number;
  /** Conversations of one principal cooled down within the window that pause the principal (0: never). */
  readonly principalConversations: number;
  /** Strikes of one principal within the window that pause it (0: never). */
  readonly principalStrikes: number;
}

/** Whose strike: the principal (API key, else address) and the conversation inside it (prefixed by it). */
export interface AbuseBackoffParty {
  readonly principal: string;
  readonly conversation: string;
}

/** Milliseconds of cooldown left at each level (0: none). */
export interface AbuseCooldownLeft {
  readonly conversation: number;
  readonly principal: number;
}

/** The cooldowns a strike started, in ms (0: none), and why the principal's did. */
export interface AbuseStrikeOutcome {
  readonly conversation: number;
  readonly principal: number;
  readonly principalCause?: 'conversations' | 'strikes';
}

/**
 * The `execute` abuse records of every conversation and principal, shared by the instances: a client that burns
 * the sandbox's limits on one instance cools down on all of them. One round trip per call.
 */
export interface SharedAbuseBackoff {
  /** The cooldown `party` has left, at each level. */
  cooldownLeft(party: AbuseBackoffParty, now?: number): Promise<AbuseCooldownLeft>;
  /** Counts a strike on both levels atomically; returns the cooldowns it started (only one caller sees each). */
  strike(party: AbuseBackoffParty, rule: AbuseBackoffRule, now?: number): Promise<AbuseStrikeOutcome>;
}

type Scripted = {
  mykoAbuseStrike(...keysThenArgs: Array<string | number>): Promise<[number, number, number]>;
  mykoAbuseLeft(...keys: string[]): Promise<[string, string]>;
};

/** Keys of a conversation's records (the connection adds the key prefix). */
function conversationKeys(conversation: string): [string, string] {
  return [`abuse:c:${conversation}`, `abuse:c:${conversation}:strikes`];
}

/** Keys of a principal's records: cooldown, strikes, its conversations that cooled down. */
function principalKeys(principal: string): [string, string, string] {
  return [`abuse:p:${principal}`, `abuse:p:${principal}:strikes`, `abuse:p:${principal}:cooled`];
}

const CAUSES = [undefined, 'conversations', 'strikes'] as const;

/** The records as hashes (cooldown end, level) and sorted sets (strikes, cooled conversations), one script each. */
export class RedisAbuseBackoff implements SharedAbuseBackoff {
  private readonly scripts: Scripted;

  constructor(private readonly client: RedisStateClient) {
    client.redis.defineCommand('mykoAbuseStrike', { numberOfKeys: 5, lua: STRIKE_LUA });
    client.redis.defineCommand('mykoAbuseLeft', { numberOfKeys: 2, lua: LEFT_LUA });
    this.scripts = client.redis as unknown as Scripted;
  }

  async cooldownLeft(party: AbuseBackoffParty, now = Date.now()): Promise<AbuseCooldownLeft> {
    const keys = [conversationKeys(party.conversation)[0], principalKeys(party.principal)[0]];
    const [conversation, principal] = await this.client.run('abuse check', () => this.scripts.mykoAbuseLeft(...keys));
    return { conversation: Math.max(0, Number(conversation) - now), principal: Math.max(0, Number(principal) - now) };
  }

  async strike(party: AbuseBackoffParty, rule: AbuseBackoffRule, now = Date.now()): Promise<AbuseStrikeOutcome> {
    const { strikes, windowMs, cooldownMs, maxCooldownMs, principalConversations, principalStrikes } = rule;
    const keys = [...conversationKeys(party.conversation), ...principalKeys(party.principal)];
    const args = [now, windowMs, strikes, cooldownMs, maxCooldownMs, randomUUID()];
    const [conversation, principal, cause] = await this.client.run('abuse strike', () =>
      this.scripts.mykoAbuseStrike(...keys, ...args, principalConversations, principalStrikes, party.conversation),
    );
    const principalCause = CAUSES[cause];
    return { conversation, principal, ...(principalCause ? { principalCause } : {}) };
  }
}
