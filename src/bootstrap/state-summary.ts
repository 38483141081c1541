import { DEFAULT_REDIS_KEY_PREFIX, type StateModuleOptions } from '@myko/state';

/** `127.0.0.1:6379/0` from a Redis URL: host, port and database only, never the user or password. */
function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    const db = parsed.pathname.replace(/^\//, '') || '0';
    const tls = parsed.protocol === 'rediss:' ? ', TLS' : '';
    return `${parsed.hostname}:${parsed.port || '6379'}/${db}${tls}`;
  } catch {
    return '(unparsable URL)';
  }
}

/**
 * `State: in this process (memory)` or `State: Redis 10.0.0.5:6379/0, key prefix "myko:"`: where
 * sessions, SSE replay, the bus and the shared counters live, so an operator sees at once whether
 * instances share them. The URL's credentials are never part of it.
 */
export function stateSummary(state: StateModuleOptions): string {
  const { redis } = state;
  if (!redis?.url) return 'State: in this process (memory; not shared with other instances)';
  return `State: Redis ${redisAddress(redis.url)}, key prefix "${redis.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX}"`;
}
