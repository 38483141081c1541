/**
 * The `redis` section of the config file: where cross-request state lives when several instances
 * serve one endpoint. Read by the state lib, not by the filters. `--redis` / `MYKO_REDIS_URL` win
 * over `url`.
 * @publicApi
 */
export interface RedisConfig {
  /** `redis://[user:password@]host[:port][/db]` or `rediss://…`. */
  readonly url?: string;
  /** Prefix of every key (several services on one Redis). @default 'myko:' */
  readonly keyPrefix?: string;
}
