/** One request the proxy forwarded, and which upstream answered it. */
export interface ProxiedRequest {
  method: string;
  url: string;
  /** The JSON-RPC method of a POST body, `response` for a client's answer to a server request. */
  message?: string;
  /** Index into the upstreams of the one that took it; -1 when none could be reached (502). */
  upstream: number;
  /** Response status once it started (0 before); 101 for a WebSocket upgrade, 502 when no upstream answered. */
  status: number;
}

/**
 * A per-request round-robin HTTP proxy in front of N upstreams, the load balancer of the scale-out tests:
 * no stickiness (consecutive requests of one MCP session go to different instances), responses streamed
 * through unbuffered (SSE), WebSocket upgrades tunnelled. A request whose upstream refuses the connection
 * (a dead instance) goes to the next one, like nginx's `proxy_next_upstream error`.
 */
export interface RoundRobinProxy {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** `http://127.0.0.1:<port>/mcp` */
  readonly mcpUrl: URL;
  /** Every request so far, in arrival order (entries fill in as responses start). */
  readonly log: ProxiedRequest[];
  /** The upstream the next request goes to (unless it refuses the connection). */
  readonly next: number;
  close(): Promise<void>;
}

/** Upstream origins, e.g. `http://127.0.0.1:4001`. */
export function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy>;

/** The same proxy in a child process of its own (for a caller that blocks its event loop, or a load generator). */
export function forkRoundRobinProxy(upstreams: string[]): Promise<Pick<RoundRobinProxy, 'origin' | 'mcpUrl' | 'close'>>;
