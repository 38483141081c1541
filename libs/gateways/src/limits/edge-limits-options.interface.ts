/**
 * Token bucket per principal (API key or token identity), else per client address; never one per profile.
 * @publicApi
 */
export interface RateLimitOptions {
  /** Tokens added per second: the sustained request rate. */
  requestsPerSecond: number;
  /** Bucket size: how many requests may arrive at once after a quiet spell. @default 2 × requestsPerSecond */
  burst?: number;
}

/**
 * Resource limits at the edge (HTTP server, sessions, WebSocket connections, request admission).
 * A limit of 0 switches that limit off.
 * @publicApi
 */
export interface EdgeLimitsOptions {
  /**
   * Live Streamable HTTP sessions at once; an `initialize` beyond it gets HTTP 503 + `Retry-After`.
   */
  maxSessions?: number;
  /**
   * Live HTTP sessions of one API key; at the cap its own least useful idle session is ended for the
   * new one (one that never made a request first), else 429 + `Retry-After`.
   */
  maxSessionsPerKey?: number;
  /**
   * Live anonymous HTTP sessions of one client address, handled like `maxSessionsPerKey`. At
   * `maxSessions` the least useful idle anonymous session of any address is ended before an
   * `initialize` is refused; sessions of a key are never ended for someone else.
   */
  maxSessionsPerAddress?: number;
  /** A session that has made no request since its `initialize` ends after this (an open stream keeps it). */
  unusedSessionTimeoutMs?: number;
  /**
   * Open WebSocket connections at once from one client address; the handshake beyond it is refused
   * with HTTP 429 + `Retry-After` before the upgrade. The slot is freed when the socket closes.
   */
  maxWsConnectionsPerAddress?: number;
  /**
   * Open WebSocket connections at once, all addresses together (HTTP 503 + `Retry-After` beyond it).
   */
  maxWsConnections?: number;
  /** Open WebSocket connections of one API key (handshake beyond it: 429 + `Retry-After`). 0: no limit. */
  maxWsConnectionsPerKey?: number;
  /** A WebSocket that has not completed `initialize` this long after its handshake is closed (1008). */
  wsInitializeTimeoutMs?: number;
  /** A WebSocket that sent no message for this long is closed (1001); pongs do not count. 0: never. */
  wsIdleTimeoutMs?: number;
  /**
   * Requests of one HTTP session or WebSocket connection still running at once; one more is answered
   * with a JSON-RPC error (`data.retryAfterMs`), on HTTP with status 429 + `Retry-After`.
   */
  maxInFlightPerSession?: number;
  /**
   * HTTP POSTs and WebSocket messages started per turn of the event loop, round-robin by client; the rest
   * wait for the next turn, behind their own client's. @default 8
   */
  edgeRequestsPerTurn?: number;
  /** Synchronous ms the requests of one turn may take before the rest wait (0: count only). @default 4 */
  edgeTurnMs?: number;
  /**
   * Request rate per API key, else per client address (requests only: notifications and responses
   * are not counted). Beyond it: HTTP 429 + `Retry-After`, or the JSON-RPC error on the socket.
   * `false`: no rate limit.
   * @default false
   */
  rateLimit?: RateLimitOptions | false;
  /**
   * Largest HTTP request head (request line + headers), WebSocket handshakes included; 431 above it.
   */
  maxHeaderBytes?: number;
  /**
   * Time a client has to send the complete request head from the moment its connection opens or its
   * previous request ends; a client dribbling headers is answered 408 and disconnected.
   */
  headersTimeoutMs?: number;
  /** Time a client has to send a complete request (head and body); then 408 and disconnected. */
  requestTimeoutMs?: number;
  /** An idle keep-alive connection is closed after this long without a new request. */
  keepAliveTimeoutMs?: number;
  /**
   * Interval of WebSocket pings; a peer that has not answered the previous ping by the next one is
   * terminated (dead peer, or one that stopped reading). 0: no heartbeat.
   */
  wsHeartbeatMs?: number;
  /**
   * Bytes a WebSocket may have queued for the client (`bufferedAmount`) before a send: above it the
   * client is not reading, and the connection is closed with 1008 instead of buffering without bound.
   */
  wsMaxBufferedBytes?: number;
}

/** The edge limits with every default applied. */
export type ResolvedEdgeLimits = Required<EdgeLimitsOptions> & {
  readonly rateLimit: Required<RateLimitOptions> | false;
};
