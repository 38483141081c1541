/**
 * The `limits` section of the config file: the resource limits at the HTTP/WebSocket edge. Read by
 * the gateways, not by the filters; every field is optional and has the gateways' documented
 * default (README "Limits"). 0 switches a count or time limit off.
 * @publicApi
 */
export interface LimitsConfig {
  readonly maxSessions?: number;
  readonly maxSessionsPerKey?: number;
  readonly maxSessionsPerAddress?: number;
  readonly unusedSessionTimeoutMs?: number;
  readonly maxWsConnectionsPerKey?: number;
  readonly wsInitializeTimeoutMs?: number;
  readonly wsIdleTimeoutMs?: number;
  readonly maxWsConnectionsPerAddress?: number;
  readonly maxWsConnections?: number;
  readonly maxInFlightPerSession?: number;
  /** `false`: off (the default); else a token bucket per API key, or per address without one. */
  readonly rateLimit?: false | { readonly requestsPerSecond: number; readonly burst?: number };
  readonly maxMessageBytes?: number;
  readonly maxHeaderBytes?: number;
  readonly headersTimeoutMs?: number;
  readonly requestTimeoutMs?: number;
  readonly keepAliveTimeoutMs?: number;
  readonly sessionIdleTimeoutMs?: number;
  readonly wsHeartbeatMs?: number;
  readonly wsMaxBufferedBytes?: number;
  readonly eventStoreMaxBytes?: number;
  readonly replayBudgetBytes?: number;
  readonly eventStoreTtlMs?: number;
}
