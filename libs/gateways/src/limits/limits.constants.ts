/**
 * JSON-RPC code of a request refused by an edge limit (rate, in-flight, sessions, connections): in
 * the implementation-defined server range; 429 as a mnemonic. `error.data` says which limit and when
 * to retry (`{ limit, retryAfterMs }`).
 */
export const LIMIT_EXCEEDED = -32029;

/** Names of the limits, as `error.data.limit` reports them. */
export const LIMIT_NAMES = {
  rate: 'rateLimit',
  inFlight: 'maxInFlightPerSession',
  sessions: 'maxSessions',
  sessionsPerKey: 'maxSessionsPerKey',
  sessionsPerAddress: 'maxSessionsPerAddress',
  wsPerKey: 'maxWsConnectionsPerKey',
  wsPerAddress: 'maxWsConnectionsPerAddress',
  wsTotal: 'maxWsConnections',
  quotaRequests: 'quota.requestsPerSecond',
  quotaSessions: 'quota.sessions',
} as const;
export type LimitName = (typeof LIMIT_NAMES)[keyof typeof LIMIT_NAMES];

/**
 * Retry advice where no exact time is known: a running request usually ends within a second; a
 * session or connection slot frees when another client leaves, which is slower.
 */
export const IN_FLIGHT_RETRY_MS = 1_000;
export const SLOT_RETRY_MS = 5_000;

/** WebSocket close code for a client that stopped reading (policy violation), and the grace before the socket is cut. */
export const WS_NOT_READING_CLOSE_CODE = 1008;
export const WS_CLOSE_GRACE_MS = 2_000;
