/**
 * Options of `GatewaysModule.forRoot()`. Every field has a safe default.
 * @publicApi
 */
export interface GatewaysModuleOptions {
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
   * An HTTP session unused for this long is ended (an open GET stream keeps it alive).
   * @default 1_800_000 (30 minutes)
   */
  sessionIdleTimeoutMs?: number;
  /**
   * Largest HTTP request body and WebSocket frame, in bytes (413 / close code 1009 above it).
   * @default 1_048_576 (1 MiB)
   */
  maxMessageBytes?: number;
  /**
   * Interval of the keep-alive comments on open SSE streams.
   * @default 15_000
   */
  sseKeepAliveMs?: number;
}

/** The options with every default applied. */
export type ResolvedGatewaysOptions = Required<GatewaysModuleOptions>;
