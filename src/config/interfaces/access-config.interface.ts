import type { AccessProfilesConfig } from '@myko/access';
import type { FairnessOptions } from '@myko/dispatch';
import type { ObservabilityConfig } from '@myko/gateways';
import type { OpenApiConnectorOptions } from '@myko/openapi';
import type { EnvSecret } from '../env-secret';
import type { ProtocolConfig } from '../protocol-config.parser';
import type { LimitsConfig } from './limits-config.interface';
import type { RedisConfig } from './redis-config.interface';
import type { SandboxConfig } from './sandbox-config.interface';

/**
 * Where the audit log of executed commands goes. Read by the application, not by the filters; it
 * lives in this file so one document configures who may do what and where it is recorded.
 * @publicApi
 */
export interface AuditConfig {
  /** Off switch. @default true */
  readonly enabled?: boolean;
  /** `"stderr"`, or a file appended to (relative paths are read from the config file's directory). @default "stderr" */
  readonly path?: string;
  /** Also record queries, views and reports, not only commands. @default false */
  readonly queries?: boolean;
  /** Lines kept for the admin API's audit query (in memory, and in Redis when the state is there); 0: none. @default 10000 */
  readonly recentLines?: number;
  /** Also ship every line as an OpenTelemetry log record (OTLP/HTTP JSON to `<endpoint>/v1/logs`). */
  readonly otlp?: {
    readonly endpoint: string;
    /** Each a string, or `{ "fromEnv": "<VAR>", "scheme"? }`: a secret read from the environment at start. */
    readonly headers?: Readonly<Record<string, string | EnvSecret>>;
    /** @default "myko-nest" */
    readonly serviceName?: string;
  };
}

/**
 * The admin API (docs/operations.md): off unless `keys` names an admin key or `scope` an OAuth scope.
 * @publicApi
 */
export interface AdminConfig {
  /** Admin API keys as `sha256:<64 hex digits>`; a key of a profile cannot be one. */
  readonly keys: readonly string[];
  /** Where it is served. @default "/admin" */
  readonly path?: string;
  /** An OAuth scope: a verified bearer token granting it is an admin credential (needs `oauth`). */
  readonly scope?: string;
}

/**
 * The access config file (`--config myko.config.json` / `MYKO_CONFIG`), validated. Its JSON Schema
 * is `access-config.schema.json`.
 * @publicApi
 */
export interface AccessConfig extends ProtocolConfig, AccessProfilesConfig {
  /** The audit log; omitted means the application's default (commands, to stderr). */
  readonly audit?: AuditConfig;
  /** Resource limits at the HTTP/WebSocket edge; omitted fields keep the gateways' defaults. */
  readonly limits?: LimitsConfig;
  /** Sizing and limits of the `execute` sandbox and the per-client rules in front of it. */
  readonly sandbox?: SandboxConfig;
  /**
   * External plugin modules loaded beside the built-in ones (paths relative to the config file's
   * directory), like `--plugin`; see the README's "Deploying your own plugins".
   */
  readonly plugins?: readonly string[];
  /** Prometheus metrics and OpenTelemetry tracing (both off without this section). */
  readonly observability?: ObservabilityConfig;
  /** Cross-request state in Redis, shared by several instances (in this process without it). */
  readonly redis?: RedisConfig;
  /**
   * REST backends served as operations from their OpenAPI documents (docs/connectors.md); a relative
   * `document` path is read from the config file's directory.
   */
  readonly connectors?: readonly OpenApiConnectorOptions[];
  /**
   * Proxies (addresses or CIDR ranges) whose `Forwarded` / `X-Forwarded-For` names the client address;
   * `--trusted-proxy` adds to them. Without it every per-address limit keys on the socket's peer.
   */
  readonly trustedProxies?: readonly string[];
  /**
   * How the main thread is shared between clients (`DispatchModule.forRoot({ fairness })`); omitted fields keep
   * their defaults. Per-profile ceilings are `profiles.<name>.quotas`.
   */
  readonly fairness?: Partial<FairnessOptions>;
  /** The admin API; off without it. */
  readonly admin?: AdminConfig;
}
