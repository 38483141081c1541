import type { AccessProfiles, AccessProfilesConfig } from '@myko/access';
import type { DispatchModuleOptions } from '@myko/dispatch';
import type { GatewaysModuleOptions, MetricsConfig, TracingOptions } from '@myko/gateways';
import type { OpenApiConnectorOptions } from '@myko/openapi';
import type { SandboxOptions } from '@myko/sandbox';
import type { StateModuleOptions } from '@myko/state';
import type { FactoryProvider, ModuleMetadata } from '@nestjs/common';
import type { AuditOptions } from './audit/audit.options';

/**
 * Options of `MykoModule.forRoot()`. Every field is optional; the defaults suit an existing
 * application that adds MCP beside its own routes (the service `myko-nest serve` passes its own).
 * The numeric limits keep the defaults and minimums of their libs' option tables
 * (`GATEWAYS_OPTION_TABLE`, `SANDBOX_OPTION_TABLE`, …; docs/configuration.md "Module options").
 * @publicApi
 */
export interface MykoModuleOptions {
  /**
   * Where MCP is served on the application's own HTTP server: Streamable HTTP (POST, GET, DELETE)
   * and WebSocket (subprotocol `mcp`) at the same path, ahead of the application's router.
   * @default '/mcp'
   */
  path?: string;
  /** More paths for Streamable HTTP only (the service serves `/myko/mcp` as well). @default [] */
  pathAliases?: string[];
  /**
   * Mounts myko's `GET /health`, `/health/live` and `/health/ready`. An existing application usually
   * has its own probes (`@nestjs/terminus`).
   * @default false
   */
  health?: boolean;
  /**
   * Access profiles bound to API keys and OAuth token claims, each with visibility and callability
   * filters (docs/access-control.md). Absent: no authentication; each client's own `X-Myko-Tool-*`
   * headers alone narrow what it sees.
   */
  access?: AccessProfiles | AccessProfilesConfig;
  /** Server instructions in the `initialize` result, before the Code Mode paragraph myko adds. */
  instructions?: string;
  /** Limits and sizing of the `execute` sandbox (isolates, processes, time, memory). */
  sandbox?: Partial<SandboxOptions>;
  /** Cross-request state: in this process (the default) or in Redis (`{ redis: { url } }`), for several instances. */
  state?: StateModuleOptions;
  /**
   * Prometheus `GET /metrics` (for the `allow` addresses) and OpenTelemetry tracing. Absent: neither.
   */
  observability?: { metrics?: MetricsConfig; tracing?: TracingOptions };
  /**
   * The audit log of commands (and, with `queries`, of every operation); `false` turns it off.
   * @default { enabled: true, destination: 'stderr', queries: false }
   */
  audit?: Partial<AuditOptions> | false;
  /**
   * The transports' other options: edge limits, allowed `Host`/`Origin` values (loopback by default:
   * add the application's public host names), sessions, SSE, `shutdownGraceMs`.
   */
  gateways?: Omit<GatewaysModuleOptions, 'access' | 'metrics' | 'tracing' | 'mcpPaths' | 'health'>;
  /**
   * REST backends served as operations from their OpenAPI documents (`OpenApiConnectorModule`,
   * docs/connectors.md). With `forRootAsync()`, import `OpenApiConnectorModule.forRoot()` beside it.
   * @default []
   */
  connectors?: readonly OpenApiConnectorOptions[];
  /** Dispatch's other options: `serverInfo`, `toolMode`, `protocol`, `execute` guards, `requestState`. */
  dispatch?: Omit<DispatchModuleOptions, 'instructions' | 'sandbox'>;
  /**
   * The admin API (`AdminModule`, docs/operations.md): served at `path` (`/admin`) only when `keys` names
   * at least one admin key (`sha256:<hex>`) or `scope` an admin OAuth scope (which needs `access.oauth`: without it
   * the module refuses to start); absent, nothing is mounted. Static in `forRootAsync()` (it decides the routes).
   */
  admin?: { path?: string; keys: readonly string[]; scope?: string };
}

/** The options that decide the module's routes and providers: static in `forRootAsync()`. */
export type MykoStaticOptions = Pick<MykoModuleOptions, 'path' | 'pathAliases' | 'health' | 'observability' | 'admin'>;

/**
 * Options of `MykoModule.forRootAsync()`: a factory for the options known only at start-up (access
 * profiles from a database, a Redis URL from a secrets store), and, beside it, the static ones that
 * decide routes and providers (Nest fixes a module's controllers and providers when it is defined).
 * @publicApi
 */
export interface MykoModuleAsyncOptions extends MykoStaticOptions, Pick<ModuleMetadata, 'imports'> {
  /** Providers handed to `useFactory`, in order (e.g. `ConfigService`); `imports` provides them. */
  inject?: FactoryProvider['inject'];
  /** The other options; run once, at start-up. */
  useFactory: (
    ...args: never[]
  ) => Omit<MykoModuleOptions, keyof MykoStaticOptions> | Promise<Omit<MykoModuleOptions, keyof MykoStaticOptions>>;
}
