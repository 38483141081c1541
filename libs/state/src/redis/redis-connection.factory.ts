import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { StateConnectionError } from '../errors/state-connection.error';
import type { RedisStateOptions } from '../interfaces/state-options.interface';
import {
  DEFAULT_REDIS_KEY_PREFIX,
  REDIS_COMMAND_TIMEOUT_MS,
  REDIS_CONNECT_TIMEOUT_MS,
  REDIS_MAX_RECONNECT_DELAY_MS,
} from '../state.constants';
import { redactRedisUrl } from './redis-url';

/**
 * Opens the connection and waits until Redis answers; an unreachable Redis throws
 * {@link StateConnectionError} naming the URL (password redacted). Once up, the connection fails
 * fast while Redis is gone — no offline queue, in-flight commands rejected when the socket closes,
 * every command bounded by `commandTimeoutMs` — and reconnects on its own.
 */
export async function connectRedis(options: RedisStateOptions, logger = new Logger('Redis')): Promise<Redis> {
  const url = redactRedisUrl(options.url);
  let established = false;
  let lastError: Error | undefined;
  const redis = new Redis(options.url, {
    lazyConnect: true,
    keyPrefix: options.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX,
    enableOfflineQueue: false,
    // 0: a command already sent when the socket closes is rejected at once instead of re-sent later.
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout: options.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: options.connectTimeoutMs ?? REDIS_CONNECT_TIMEOUT_MS,
    // Before the first connection no retry: the start fails. After it, retry for ever.
    retryStrategy: (attempt) =>
      established ? Math.min(100 * 2 ** Math.min(attempt - 1, 10), REDIS_MAX_RECONNECT_DELAY_MS) : null,
  });
  redis.on('error', (error: Error) => {
    lastError = error;
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new StateConnectionError(url, (lastError ?? (error as Error)).message || 'connection failed');
  }
  established = true;
  watchConnection(redis, url, logger);
  return redis;
}

/** One line when the connection is lost and one when it is back, not one per reconnect attempt. */
function watchConnection(redis: Redis, url: string, logger: Logger): void {
  let lost = false;
  let lastError = '';
  redis.on('error', (error: Error) => {
    lastError = error.message;
  });
  redis.on('close', () => {
    if (lost) return;
    lost = true;
    logger.warn(
      `Redis at ${url} lost${lastError ? ` (${lastError})` : ''}; reconnecting, state requests fail meanwhile`,
    );
  });
  redis.on('ready', () => {
    if (!lost) return;
    lost = false;
    logger.log(`Redis at ${url} is back`);
  });
}
