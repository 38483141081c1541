export * from './bus';
export type {
  AbuseBackoffParty,
  AbuseBackoffRule,
  AbuseCooldownLeft,
  AbuseStrikeOutcome,
  SharedAbuseBackoff,
} from './counters/abuse-backoff.store';
export type { SharedRateLimiter } from './counters/rate-limit.store';
export * from './errors';
export {
  decodeExecutionCursor,
  EXECUTION_LIST_DEFAULT_LIMIT,
  EXECUTION_LIST_MAX_LIMIT,
  InvalidExecutionCursorError,
} from './executions/execution-list.cursor';
export type {
  ExecutionIndexEntry,
  ExecutionListQuery,
  ExecutionPage,
  ExecutionStore,
} from './executions/execution-store.interface';
export { MemoryExecutionStore } from './executions/memory-execution.store';
export * from './interfaces';
export { MemoryUseOnceLedger } from './once/memory-use-once.ledger';
export type { UseOnceLedger } from './once/use-once-ledger.interface';
export { RedisStateClient } from './redis/redis-state.client';
export { redisUrlProblem } from './redis/redis-url';
export type { SharedSecrets } from './secrets/shared-secret.store';
export type {
  DisplacedWatch,
  RateTake,
  SessionCounts,
  SessionRecord,
  SessionRecordOwner,
  SessionRecordStore,
  SessionTouch,
  SubscriptionChange,
  TouchOptions,
} from './sessions/session-record.interface';
export { RedisSseEventLog } from './sse/redis-sse-event.log';
export type {
  LoggedSseEvent,
  SseEventLog,
  SseEventLogLimits,
  SseLogEntry,
  SseLogReplay,
  SseStreamHead,
} from './sse/sse-event-log.interface';
export {
  DEFAULT_REDIS_KEY_PREFIX,
  EXECUTION_STORE,
  REDIS_URL_ENV,
  SESSION_RECORD_STORE,
  SHARED_ABUSE_BACKOFF,
  SHARED_RATE_LIMITER,
  SHARED_SECRETS,
  USED_REQUEST_STATES,
} from './state.constants';
export { StateModule, type StateModuleAsyncOptions } from './state.module';
export { StateHealth } from './state-health.service';
