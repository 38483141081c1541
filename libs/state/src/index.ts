export * from './bus';
export * from './errors';
export * from './interfaces';
export { RedisStateClient } from './redis/redis-state.client';
export { redactRedisUrl, redisUrlProblem } from './redis/redis-url';
export { DEFAULT_REDIS_KEY_PREFIX, REDIS_CONNECTION, REDIS_URL_ENV, STATE_OPTIONS } from './state.constants';
export { StateModule } from './state.module';
export { StateHealth } from './state-health.service';
