/**
 * A real `redis-server` on 127.0.0.1 and a free port, without persistence (no RDB, no AOF), for one test
 * file. The test must stop it (`stop()` in `afterAll`); a process exit kills what is left anyway.
 */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Whether a server is running now (false between `stop()`/`kill()` and `restart()`). */
  readonly running: boolean;
  /** SIGTERM and wait until it is gone (its working folder too). Idempotent; `restart()` may follow. */
  stop(): Promise<void>;
  /** SIGKILL (a crashed Redis) and wait until it is gone. Idempotent. */
  kill(): Promise<void>;
  /** Stops it if it runs, then starts an empty one on the same port (an outage and recovery). */
  restart(): Promise<void>;
  /** What the server wrote to stdout and stderr, across restarts. */
  output(): string;
}

/** Starts `redis-server` (on PATH, or `REDIS_SERVER`) and resolves once it answers PING. */
export function startRedisServer(): Promise<RedisServer>;
