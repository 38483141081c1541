import type { AccessProfiles } from '@myko/access';
import type { EdgeLimitsOptions, ResolvedEdgeLimits } from '../limits/edge-limits-options.interface';
import type { MetricsConfig } from '../observability/observability-config.interface';
import type { TracingOptions } from '../observability/tracing-options.interface';

/**
 * Options of `GatewaysModule.forRoot()`. Every field has a safe default (the numeric ones, with their
 * minimums, in `GATEWAYS_OPTION_TABLE`); the resource limits at the edge are those of `EdgeLimitsOptions`.
 * @publicApi
 */
export interface GatewaysModuleOptions extends EdgeLimitsOptions {
  /**
   * Paths of the Streamable HTTP endpoint, served ahead of the framework's router; the WebSocket
   * endpoint is served at the first one. Matched without the query, case-insensitively, with or
   * without a trailing slash.
   * @default ['/mcp', '/myko/mcp']
   */
  mcpPaths?: string[];
  /**
   * Mounts `GET /health`, `/health/live` and `/health/ready`. An application with probes of its own
   * turns them off.
   * @default true
   */
  health?: boolean;
  /**
   * Accepted `Host` header values: a host name (`localhost`, any port), `name:port` (that port only),
   * or `*` (any host: only behind a proxy that checks it).
   * @default ['localhost', '127.0.0.1', '[::1]']
   */
  allowedHosts?: string[];
  /**
   * Accepted `Origin` header values when one is sent: a full origin (`https://app.example.com`), a host
   * name (any scheme and port), `name:port`, or `*`. Requests without `Origin` (non-browser clients) pass.
   * @default ['localhost', '127.0.0.1', '[::1]']
   */
  allowedOrigins?: string[];
  /**
   * Proxies (IP addresses or CIDR ranges, IPv4 and IPv6) whose `Forwarded` / `X-Forwarded-For` header
   * names the client: from these peers only, the client address is the right-most forwarded hop that is
   * not itself a trusted proxy; from anyone else the headers are ignored. Empty: the socket's peer.
   * @default []
   */
  trustedProxies?: string[];
  /**
   * An HTTP session unused for this long is ended (an open GET stream keeps it alive).
   */
  sessionIdleTimeoutMs?: number;
  /**
   * Largest message, in bytes: an HTTP body over it is answered 413; a WebSocket message or stdio line
   * over it gets a JSON-RPC `-32600` answer and the connection stays open (a WebSocket frame over 4× it
   * closes the connection with 1009).
   */
  maxMessageBytes?: number;
  /**
   * Interval of the keep-alive comments on open SSE streams.
   */
  sseKeepAliveMs?: number;
  /**
   * The reconnection delay (`retry`) sent with the priming event to clients at protocol 2025-11-25 or
   * later; a client whose stream closed waits this long before it resumes.
   */
  sseRetryMs?: number;
  /**
   * SSE polling (SEP-1699): a POST stream of a 2025-11-25 client still running after this long is
   * closed after its priming event, and the client resumes it with GET + `Last-Event-ID`. Frees
   * connections held by long calls; 0 keeps every stream open until its response.
   */
  ssePollAfterMs?: number;
  /**
   * Replay buffer per HTTP session: at most this many SSE events are kept for `Last-Event-ID`
   * resumes (oldest evicted first). The byte bound also caps what a slow reader may leave unread on
   * one connection before it is dropped.
   */
  eventStoreMaxEvents?: number;
  /**
   * Replay buffer per HTTP session, in bytes of serialized messages (see `eventStoreMaxEvents`).
   */
  eventStoreMaxBytes?: number;
  /**
   * Replay buffers of all HTTP sessions together, in bytes: past it the oldest stored events of the
   * whole server are evicted first, whichever session holds them (a resume then reports the gap).
   * 0: no global bound (each session still has `eventStoreMaxBytes`).
   */
  replayBudgetBytes?: number;
  /** A stored SSE event older than this is dropped from the replay buffer; 0: kept while its session lives. */
  eventStoreTtlMs?: number;
  /**
   * Shutdown (SIGTERM, SIGINT, `app.close()`): how long in-flight requests may run on to completion
   * while new ones are refused. Past it they are stopped and answered with a "server shutting down"
   * error; then WebSockets close (1001) and SSE streams end.
   */
  shutdownGraceMs?: number;
  /**
   * Access profiles bound to API keys (`Authorization: Bearer <key>` on HTTP requests and WebSocket
   * handshakes). Absent: no authentication; each client gets only the filters of its own headers.
   */
  access?: AccessProfiles;
  /** Prometheus exposition at `/metrics` for the allowed addresses. Absent or disabled: no `/metrics`. */
  metrics?: MetricsConfig;
  /** OpenTelemetry spans of MCP requests and `myko.*` calls. Absent or disabled: no tracing. */
  tracing?: TracingOptions;
}

/**
 * The options of `GatewaysModule.forRootAsync()` that decide routes and providers, so they are known
 * when the module is defined: the MCP paths, the health routes, metrics and tracing.
 */
export type GatewaysStaticOptions = Pick<GatewaysModuleOptions, 'mcpPaths' | 'health' | 'metrics' | 'tracing'>;

/** The options with every default applied. */
export type ResolvedGatewaysOptions = Required<
  Omit<GatewaysModuleOptions, 'access' | 'metrics' | 'tracing' | keyof EdgeLimitsOptions>
> &
  ResolvedEdgeLimits &
  Pick<GatewaysModuleOptions, 'access' | 'metrics' | 'tracing'>;
