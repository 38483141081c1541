import { BUS_CHANNEL_PREFIX } from '../bus/bus.constants';
import { instanceTopic } from '../bus/bus-topics';
import type { RedisStateClient } from '../redis/redis-state.client';
import type {
  DisplacedWatch,
  SessionCounts,
  SessionRecord,
  SessionRecordOwner,
  SessionRecordStore,
  SessionTouch,
  SubscriptionChange,
  TouchOptions,
} from './session-record.interface';
import {
  COUNT_SESSIONS_LUA,
  CREATE_SESSION_LUA,
  DELETE_SESSION_LUA,
  SAVE_STATE_LUA,
  TOUCH_SESSION_LUA,
  WATCH_SUBSCRIPTIONS_LUA,
} from './session-record.scripts';
import { sessionScope } from './session-scope';

type Script = (keys: number, ...args: Array<string | number>) => Promise<unknown>;
type Scripted = Record<
  | 'mykoCreateSession'
  | 'mykoTouchSession'
  | 'mykoSaveSessionState'
  | 'mykoWatchSubscriptions'
  | 'mykoDeleteSession'
  | 'mykoCountSessions',
  Script
>;

/** Keys of the sets counting live sessions, for the caps: all of them, and those of one key or address. */
function countingKeys(owner: SessionRecordOwner): [string, string] {
  return ['sessions:all', `sessions:${sessionScope(owner)}`];
}

/** Key of a session's hash (the connection adds the key prefix). */
export function sessionKey(id: string): string {
  return `session:${id}`;
}

/** Key of a rate-limit bucket. */
export function bucketKey(key: string): string {
  return `rate:${key}`;
}

/**
 * Sessions in Redis, one hash each, expiring `ttlMs` after their last touch on any instance, and
 * counted for the caps in sorted sets (all sessions; per key, or per address when anonymous) scored by
 * expiry. Each method is one round trip, a Lua script (EVALSHA). The touch and the delete reach the
 * counting sets named in the hash: one Redis, not a Cluster.
 */
export class RedisSessionRecordStore implements SessionRecordStore {
  readonly shared = true;
  private readonly scripts: Scripted;
  /** What an instance's bus channel is called in Redis, less its id (the touch checks who listens). */
  private readonly instanceChannels: string;

  constructor(private readonly client: RedisStateClient) {
    const { redis } = client;
    redis.defineCommand('mykoCreateSession', { lua: CREATE_SESSION_LUA });
    redis.defineCommand('mykoTouchSession', { lua: TOUCH_SESSION_LUA });
    redis.defineCommand('mykoSaveSessionState', { lua: SAVE_STATE_LUA });
    redis.defineCommand('mykoWatchSubscriptions', { lua: WATCH_SUBSCRIPTIONS_LUA });
    redis.defineCommand('mykoDeleteSession', { lua: DELETE_SESSION_LUA });
    redis.defineCommand('mykoCountSessions', { lua: COUNT_SESSIONS_LUA });
    this.scripts = redis as unknown as Scripted;
    this.instanceChannels = `${redis.options.keyPrefix ?? ''}${BUS_CHANNEL_PREFIX}${instanceTopic('')}`;
  }

  async create(record: Omit<SessionRecord, 'version'>, ttlMs: number): Promise<void> {
    const fields = ['o', JSON.stringify(record.owner), 'c', record.openedAt, 'l', record.lastSeenAt];
    fields.push('n', record.requests, 'st', JSON.stringify(record.state), 'v', 1);
    const counting = countingKeys(record.owner);
    // The touch and the delete find the counting sets by their full names (the prefix included).
    const prefix = this.client.redis.options.keyPrefix ?? '';
    const names = counting.map((key) => `${prefix}${key}`).join(' ');
    await this.client.run('session create', () =>
      this.scripts.mykoCreateSession(3, sessionKey(record.id), ...counting, ttlMs, Date.now(), names, ...fields),
    );
  }

  async touch(id: string, options: TouchOptions): Promise<SessionTouch> {
    const { rate } = options;
    const reply = (await this.client.run('session touch', () =>
      this.scripts.mykoTouchSession(
        2,
        sessionKey(id),
        bucketKey(rate?.key ?? ''),
        options.now,
        options.ttlMs,
        options.countRequest ? 1 : 0,
        options.knownVersion,
        rate?.ratePerSecond ?? 0,
        rate?.burst ?? 0,
        options.claimAs ?? '',
        this.instanceChannels,
      ),
    )) as [number, number, number, (string[] | null)?, string[]?];
    const [found, rateWaitMs, version, hash, claimed] = reply;
    if (found !== 1) return { found: false, rateWaitMs, version: 0 };
    return {
      found: true,
      rateWaitMs,
      version,
      ...(hash ? { record: parseRecord(id, hash) } : {}),
      ...(claimed?.length ? { claimed } : {}),
    };
  }

  async watch(id: string, instanceId: string, changes: readonly SubscriptionChange[]): Promise<DisplacedWatch[]> {
    if (changes.length === 0) return [];
    const pairs = changes.flatMap(({ uri, watched }) => [watched ? '+' : '-', uri]);
    const flat = (await this.client.run('session watch', () =>
      this.scripts.mykoWatchSubscriptions(1, sessionKey(id), instanceId, ...pairs),
    )) as string[];
    const displaced: DisplacedWatch[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) displaced.push({ uri: flat[i], instanceId: flat[i + 1] });
    return displaced;
  }

  async saveState(id: string, state: Readonly<Record<string, unknown>>): Promise<number | undefined> {
    const version = await this.client.run('session save', () =>
      this.scripts.mykoSaveSessionState(1, sessionKey(id), JSON.stringify(state)),
    );
    return typeof version === 'number' ? version : undefined;
  }

  async delete(id: string): Promise<void> {
    await this.client.run('session delete', () => this.scripts.mykoDeleteSession(1, sessionKey(id)));
  }

  async count(owner: SessionRecordOwner, now = Date.now()): Promise<SessionCounts> {
    const [total, own] = (await this.client.run('session count', () =>
      this.scripts.mykoCountSessions(2, ...countingKeys(owner), now),
    )) as [number, number];
    return { total, own };
  }
}

function parseRecord(id: string, flat: string[]): SessionRecord {
  const hash = new Map<string, string>();
  for (let i = 0; i + 1 < flat.length; i += 2) hash.set(flat[i], flat[i + 1]);
  return {
    id,
    owner: JSON.parse(hash.get('o') ?? '{"address":"unknown"}'),
    openedAt: Number(hash.get('c')),
    lastSeenAt: Number(hash.get('l')),
    requests: Number(hash.get('n')),
    state: JSON.parse(hash.get('st') ?? '{}'),
    version: Number(hash.get('v')),
  };
}
