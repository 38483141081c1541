import { redisUrlProblem } from '@myko/state';
import type { RedisConfig } from './interfaces/redis-config.interface';
import { isObject } from './json-object';
import { unknownPropertyMessage } from './unknown-property.message';

type Add = (path: string, problem: string) => void;

function urlProblem(value: unknown): string | undefined {
  return typeof value === 'string' ? redisUrlProblem(value) : 'expected a redis:// or rediss:// URL';
}

const REDIS_KEYS = ['url', 'keyPrefix'];
const KEY_PREFIX = /^[A-Za-z0-9_.:{}-]{1,64}$/;

/**
 * Validates the `redis` section; each problem goes to `add` with its path (`redis.url`). The URL is
 * never echoed back: it may carry a password.
 */
export function parseRedisConfig(value: unknown, add: Add): RedisConfig | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) {
    add('redis', 'expected an object {"url": "redis://host:port"}');
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (!REDIS_KEYS.includes(key)) add(`redis.${key}`, unknownPropertyMessage(key, REDIS_KEYS));
  }
  const problem = value.url === undefined ? undefined : urlProblem(value.url);
  if (problem) add('redis.url', problem);
  const prefixOk =
    value.keyPrefix === undefined || (typeof value.keyPrefix === 'string' && KEY_PREFIX.test(value.keyPrefix));
  if (!prefixOk) add('redis.keyPrefix', 'expected 1-64 letters, digits or _ . : { } -');
  return {
    ...(value.url !== undefined && !problem ? { url: value.url as string } : {}),
    ...(value.keyPrefix !== undefined && prefixOk ? { keyPrefix: value.keyPrefix as string } : {}),
  };
}
