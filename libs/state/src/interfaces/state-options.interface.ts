/**
 * Where cross-request state lives. Without `redis`, in this process (the embedded default); with it,
 * in Redis, shared by every instance given the same URL and key prefix.
 * @publicApi
 */
export interface StateModuleOptions {
  readonly redis?: RedisStateOptions;
}

/** @publicApi */
export interface RedisStateOptions {
  /** `redis://[user:password@]host[:port][/db]` or `rediss://…` (TLS). */
  readonly url: string;
  /** Prefix of every key, so several services can share one Redis. @default 'myko:' */
  readonly keyPrefix?: string;
  /** A command with no answer after this long fails with `StateUnavailableError`. @default 2000 */
  readonly commandTimeoutMs?: number;
  /** How long the start-up connection may take. @default 5000 */
  readonly connectTimeoutMs?: number;
}

/** What the state backend reports to `/health/ready`. */
export interface StateHealthReport {
  readonly backend: 'memory' | 'redis';
  /** False while Redis is unreachable (always true in memory). */
  readonly up: boolean;
  /** The Redis URL with its password redacted (redis only). */
  readonly url?: string;
  /** ioredis' connection status (`ready`, `reconnecting`, …). */
  readonly status?: string;
  /** Round trips of the stores and commands sent since start (redis only): what the bench divides by requests. */
  readonly roundTrips?: number;
  readonly commands?: number;
}
