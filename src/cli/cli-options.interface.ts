import type { ToolMode } from '@myko/access';

/** Which server the command line runs: HTTP and WebSocket, or one stdio client. */
export type CliMode = 'serve' | 'stdio';

/** What the command line asked for; unset fields fall back to the config defaults. */
export interface CliOptions {
  host?: string;
  port?: number;
  databasePath?: string;
  /** Access config file (profiles, keys, audit); `MYKO_CONFIG` when not given. */
  configPath?: string;
  /** stdio: the access profile to serve as; `MYKO_PROFILE` when not given. */
  profileName?: string;
  /** Audit log destination: a file, `stderr`, or `off`; overrides the config file's `audit.path`. */
  auditLog?: string;
  /** serve: allow a non-loopback `--host` although no API key is required. */
  insecureNoAuth?: boolean;
  /** `--plugin-set`: which plugin set to load (`conformance` adds the MCP conformance suite's fixtures). */
  serverProfile?: ServerProfile;
  /** Deprecated spellings used on this command line, each with what replaces it (logged as warnings). */
  deprecations?: string[];
  /** `--tool-mode`: how operations are offered as tools; overrides the config file's `toolMode`. */
  toolMode?: ToolMode;
  /** `--synthetic N`: also register N generated operations (for scale tests and benchmarks). */
  synthetic?: number;
  /** `--shutdown-grace-ms`: how long SIGTERM/SIGINT let in-flight requests finish. */
  shutdownGraceMs?: number;
  allowedHosts: string[];
  allowedOrigins: string[];
  /** `--trusted-proxy` (repeatable): proxies whose forwarding headers name the client, beside the config file's. */
  trustedProxies: string[];
  /** `--plugin <file>` (repeatable): external plugin modules, as given (resolved from the working directory). */
  plugins: string[];
  /** `--redis <url>`: cross-request state in Redis; overrides `MYKO_REDIS_URL` and the config's `redis.url`. */
  redisUrl?: string;
}

/** Plugin sets `--plugin-set` selects: `conformance` adds the fixtures the MCP conformance suite calls. */
export const SERVER_PROFILES = ['default', 'conformance'] as const;
export type ServerProfile = (typeof SERVER_PROFILES)[number];
