import type { RedisStateClient } from '../redis/redis-state.client';
import type { SessionRecord, SessionRecordStore, SessionTouch, TouchOptions } from './session-record.interface';
import { CREATE_SESSION_LUA, SAVE_STATE_LUA, TOUCH_SESSION_LUA } from './session-record.scripts';

type Script = (keys: number, ...args: Array<string | number>) => Promise<unknown>;
type Scripted = Record<'mykoCreateSession' | 'mykoTouchSession' | 'mykoSaveSessionState', Script>;

/** Key of a session's hash (the connection adds the key prefix). */
export function sessionKey(id: string): string {
  return `session:${id}`;
}

/** Key of a rate-limit bucket. */
export function bucketKey(key: string): string {
  return `rate:${key}`;
}

/**
 * Sessions in Redis, one hash each, expiring `ttlMs` after their last touch on any instance. Each
 * method is one round trip: creation, the touch (with the rate-limit token) and a state save are
 * Lua scripts (EVALSHA), a delete is one DEL.
 */
export class RedisSessionRecordStore implements SessionRecordStore {
  readonly shared = true;
  private readonly scripts: Scripted;

  constructor(private readonly client: RedisStateClient) {
    const { redis } = client;
    redis.defineCommand('mykoCreateSession', { lua: CREATE_SESSION_LUA });
    redis.defineCommand('mykoTouchSession', { lua: TOUCH_SESSION_LUA });
    redis.defineCommand('mykoSaveSessionState', { lua: SAVE_STATE_LUA });
    this.scripts = redis as unknown as Scripted;
  }

  async create(record: Omit<SessionRecord, 'version'>, ttlMs: number): Promise<void> {
    const fields = ['o', JSON.stringify(record.owner), 'c', record.openedAt, 'l', record.lastSeenAt];
    fields.push('n', record.requests, 'st', JSON.stringify(record.state), 'v', 1);
    await this.client.run('session create', () =>
      this.scripts.mykoCreateSession(1, sessionKey(record.id), ttlMs, ...fields),
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
      ),
    )) as [number, number, number, string[]?];
    const [found, rateWaitMs, version, hash] = reply;
    if (found !== 1) return { found: false, rateWaitMs, version: 0 };
    return { found: true, rateWaitMs, version, ...(hash ? { record: parseRecord(id, hash) } : {}) };
  }

  async saveState(id: string, state: Readonly<Record<string, unknown>>): Promise<number | undefined> {
    const version = await this.client.run('session save', () =>
      this.scripts.mykoSaveSessionState(1, sessionKey(id), JSON.stringify(state)),
    );
    return typeof version === 'number' ? version : undefined;
  }

  async delete(id: string): Promise<void> {
    await this.client.run('session delete', (redis) => redis.del(sessionKey(id)));
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
