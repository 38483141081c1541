import type { OptionTable } from '@myko/options';
import type { GatewaysModuleOptions } from './interfaces/gateways-options.interface';
import type { EdgeLimitsOptions } from './limits/edge-limits-options.interface';

/** The whole-number options of `GatewaysModule.forRoot()` (edge limits, sessions, SSE, shutdown). */
export type GatewaysNumericOption =
  | Exclude<keyof EdgeLimitsOptions, 'rateLimit'>
  | Exclude<
      keyof GatewaysModuleOptions,
      | keyof EdgeLimitsOptions
      | 'allowedHosts'
      | 'allowedOrigins'
      | 'trustedProxies'
      | 'access'
      | 'metrics'
      | 'tracing'
      | 'mcpPaths'
      | 'health'
    >;

/**
 * Every numeric gateways option: default, minimum, doc. `resolveGatewaysOptions`, the config file's
 * `limits` section and its schema come from here. 0 switches a count or time limit off.
 * @publicApi
 */
export const GATEWAYS_OPTION_TABLE: OptionTable<GatewaysNumericOption> = {
  maxSessions: {
    default: 1_000,
    minimum: 0,
    inConfigFile: true,
    doc: 'Live Streamable HTTP sessions at once; an initialize beyond it gets 503 + Retry-After. 0: no limit.',
  },
  maxSessionsPerKey: {
    default: 256,
    minimum: 0,
    inConfigFile: true,
    doc: 'Live HTTP sessions of one API key; at the cap its own least useful idle session is ended for the new one, else 429. 0: no limit.',
  },
  maxSessionsPerAddress: {
    default: 500,
    minimum: 0,
    inConfigFile: true,
    doc: 'Live anonymous HTTP sessions of one client address, handled like maxSessionsPerKey. 0: no limit.',
  },
  unusedSessionTimeoutMs: {
    default: 60_000,
    minimum: 0,
    inConfigFile: true,
    doc: 'A session that made no request since its initialize ends after this. 0: only the idle timeout applies.',
  },
  maxWsConnectionsPerAddress: {
    default: 256,
    minimum: 0,
    inConfigFile: true,
    doc: 'Open WebSocket connections per client address; a handshake beyond it gets 429 + Retry-After. 0: no limit.',
  },
  maxWsConnections: {
    default: 1_024,
    minimum: 0,
    inConfigFile: true,
    doc: 'Open WebSocket connections in total; a handshake beyond it gets 503 + Retry-After. 0: no limit.',
  },
  maxWsConnectionsPerKey: {
    default: 256,
    minimum: 0,
    inConfigFile: true,
    doc: 'Open WebSocket connections of one API key; a handshake beyond it gets 429 + Retry-After. 0: no limit.',
  },
  wsInitializeTimeoutMs: {
    default: 10_000,
    minimum: 0,
    inConfigFile: true,
    doc: 'A WebSocket that has not completed initialize this long after its handshake is closed (1008). 0: no limit.',
  },
  wsIdleTimeoutMs: {
    default: 600_000,
    minimum: 0,
    inConfigFile: true,
    doc: 'A WebSocket that sent no message for this long is closed (1001). 0: never.',
  },
  maxInFlightPerSession: {
    default: 64,
    minimum: 0,
    inConfigFile: true,
    doc: 'Requests running at once per HTTP session or WebSocket connection; beyond it JSON-RPC error -32029 (HTTP 429). 0: no limit.',
  },
  edgeRequestsPerTurn: {
    default: 8,
    minimum: 1,
    doc: 'HTTP POSTs and WebSocket messages whose handling starts per turn of the event loop, taken round-robin by client (API key or token identity, else address); the rest wait for the next turn, behind their own client.',
  },
  edgeTurnMs: {
    default: 4,
    minimum: 0,
    doc: 'Synchronous time, in ms, the requests started in one turn may take before the rest wait for the next. 0: count only.',
  },
  maxMessageBytes: {
    default: 1_048_576,
    minimum: 0,
    inConfigFile: true,
    doc: 'Largest HTTP body and WebSocket frame (413 / close 1009 above it).',
  },
  maxHeaderBytes: {
    default: 16_384,
    minimum: 0,
    inConfigFile: true,
    doc: 'Largest HTTP request head (431 above it).',
  },
  headersTimeoutMs: {
    default: 10_000,
    minimum: 0,
    inConfigFile: true,
    doc: 'Time to send the whole request head (408 and disconnect after it).',
  },
  requestTimeoutMs: {
    default: 30_000,
    minimum: 0,
    inConfigFile: true,
    doc: 'Time to send the whole request, body included (408 and disconnect after it).',
  },
  keepAliveTimeoutMs: {
    default: 5_000,
    minimum: 0,
    inConfigFile: true,
    doc: 'An idle keep-alive connection is closed after this long.',
  },
  sessionIdleTimeoutMs: {
    default: 1_800_000,
    minimum: 0,
    inConfigFile: true,
    doc: 'An HTTP session unused for this long is ended.',
  },
  wsHeartbeatMs: {
    default: 30_000,
    minimum: 0,
    inConfigFile: true,
    doc: 'WebSocket ping interval; a peer that missed the previous pong is terminated. 0: no heartbeat.',
  },
  wsMaxBufferedBytes: {
    default: 4_194_304,
    minimum: 0,
    inConfigFile: true,
    doc: 'Bytes queued for a WebSocket client before it is closed (1008) as not reading.',
  },
  eventStoreMaxBytes: {
    default: 1_048_576,
    minimum: 0,
    inConfigFile: true,
    doc: 'SSE replay buffer per session, and what a slow SSE reader may leave unread before it is dropped.',
  },
  replayBudgetBytes: {
    default: 67_108_864,
    minimum: 0,
    inConfigFile: true,
    doc: 'SSE replay buffers of all HTTP sessions together; past it the oldest stored events of the server are evicted first. 0: no global bound.',
  },
  eventStoreTtlMs: {
    default: 300_000,
    minimum: 0,
    inConfigFile: true,
    doc: 'A stored SSE event older than this is dropped from the replay buffer. 0: kept while its session lives.',
  },
  eventStoreMaxEvents: {
    default: 1_000,
    minimum: 0,
    doc: 'SSE events kept per HTTP session for Last-Event-ID resumes (oldest evicted first).',
  },
  sseKeepAliveMs: { default: 15_000, minimum: 0, doc: 'Interval of the keep-alive comments on open SSE streams.' },
  sseRetryMs: {
    default: 1_000,
    minimum: 0,
    doc: 'The reconnection delay (retry) sent with the priming event to clients at protocol 2025-11-25 or later.',
  },
  ssePollAfterMs: {
    default: 0,
    minimum: 0,
    doc: 'SSE polling (SEP-1699): a POST stream still running after this long is closed after its priming event, and the client resumes it with GET + Last-Event-ID. 0: every stream stays open until its response.',
  },
  shutdownGraceMs: {
    default: 10_000,
    minimum: 0,
    doc: 'On shutdown, how long in-flight requests may run on to completion while new ones are refused.',
  },
};
