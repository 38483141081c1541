/** Injection token of the resolved `StateModuleOptions`. */
export const STATE_OPTIONS = 'MYKO_STATE_OPTIONS';
/** Injection token of the ioredis connection (`null` when the state is in memory). */
export const REDIS_CONNECTION = 'MYKO_REDIS_CONNECTION';
/** Environment variable read for the Redis URL when `--redis` is not given. */
export const REDIS_URL_ENV = 'MYKO_REDIS_URL';
/** Prefix of every key the service writes, unless `redis.keyPrefix` says otherwise. */
export const DEFAULT_REDIS_KEY_PREFIX = 'myko:';
/** How long the start-up connection may take before the service refuses to start. */
export const REDIS_CONNECT_TIMEOUT_MS = 5_000;
/**
 * A command that gets no answer within this long fails: a Redis that stops answering must not hang a
 * request (the connection's own timeouts only notice a dead socket much later).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 2_000;
/** Reconnect back-off while Redis is gone: doubling from 100 ms, at most this. */
export const REDIS_MAX_RECONNECT_DELAY_MS = 2_000;
/** Injection token of the `SessionRecordStore` (memory or Redis). */
export const SESSION_RECORD_STORE = 'MYKO_SESSION_RECORD_STORE';
/** Injection token of the `SharedRateLimiter` (`null` in memory: the gateways keep their own buckets). */
export const SHARED_RATE_LIMITER = 'MYKO_SHARED_RATE_LIMITER';
/** Injection token of the `SharedSecrets` (`null` in memory: each process keeps its own). */
export const SHARED_SECRETS = 'MYKO_SHARED_SECRETS';
/** Injection token of the `SharedAbuseBackoff` (`null` in memory: dispatch keeps its own records). */
export const SHARED_ABUSE_BACKOFF = 'MYKO_SHARED_ABUSE_BACKOFF';
/**
 * Injection token of the `UseOnceLedger` of 2026-07-28 `requestState` (memory, or Redis shared by the
 * instances): a state is good for one retry.
 */
export const USED_REQUEST_STATES = 'MYKO_USED_REQUEST_STATES';
/** Injection token of the `ExecutionStore` of durable `execute` runs (memory, or Redis shared by the instances). */
export const EXECUTION_STORE = 'MYKO_EXECUTION_STORE';
