import type { CallableRulesInput } from '../callable-rules.parser';
import type { ProtocolConfig } from '../protocol-config.parser';
import type { LimitsConfig } from './limits-config.interface';
import type { OAuthConfig } from './oauth-config.interface';
import type { ObservabilityConfig } from './observability-config.interface';
import type { RedisConfig } from './redis-config.interface';
import type { SandboxConfig } from './sandbox-config.interface';

/** How operations are offered as MCP tools: Code Mode, one tool per operation, or both. */
export type ToolMode = 'code' | 'direct' | 'both';

/**
 * One named access profile: what a client holding one of its keys may see and call.
 * @publicApi
 */
export interface AccessProfileConfig {
  readonly description?: string;
  /** API keys as `sha256:<64 hex digits>` (the SHA-256 of the key's UTF-8 bytes); never the keys. */
  readonly keys: readonly string[];
  readonly visibility?: { readonly allow?: readonly string[]; readonly deny?: readonly string[] };
  readonly callable?: { readonly allow?: CallableRulesInput; readonly deny?: CallableRulesInput };
  /** Overrides the server's tool mode for this profile. */
  readonly toolMode?: ToolMode;
}

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
}

/**
 * The access config file (`--config myko.config.json` / `MYKO_CONFIG`), validated. Its JSON Schema
 * is `access-config.schema.json`.
 * @publicApi
 */
export interface AccessConfig extends ProtocolConfig {
  /** When true (the default), a request without a known key is refused (401). */
  readonly auth: { readonly required: boolean };
  readonly profiles: Readonly<Record<string, AccessProfileConfig>>;
  /** Profile of requests without a key when auth is not required, and of stdio without a profile name. */
  readonly defaultProfile?: string;
  /** The server's tool mode (default `code`). */
  readonly toolMode?: ToolMode;
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
  /** OAuth 2.1 resource server: bearer JWTs of trusted issuers select profiles by their claims. */
  readonly oauth?: OAuthConfig;
  /** Prometheus metrics and OpenTelemetry tracing (both off without this section). */
  readonly observability?: ObservabilityConfig;
  /** Cross-request state in Redis, shared by several instances (in this process without it). */
  readonly redis?: RedisConfig;
}
