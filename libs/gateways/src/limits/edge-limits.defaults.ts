import type { EdgeLimitsOptions, RateLimitOptions, ResolvedEdgeLimits } from './edge-limits-options.interface';

/** The documented defaults: generous enough for hundreds of local clients sharing 127.0.0.1. */
export const DEFAULT_EDGE_LIMITS: Readonly<ResolvedEdgeLimits> = Object.freeze({
  maxSessions: 1_000,
  maxSessionsPerKey: 256,
  maxSessionsPerAddress: 500,
  unusedSessionTimeoutMs: 60_000,
  maxWsConnectionsPerAddress: 256,
  maxWsConnections: 1_024,
  maxWsConnectionsPerKey: 256,
  wsInitializeTimeoutMs: 10_000,
  wsIdleTimeoutMs: 600_000,
  maxInFlightPerSession: 64,
  // Off: on the default loopback bind every client shares one address, so a per-address rate would
  // be a per-machine rate; a deployment exposed to many callers should set one (see README "Limits").
  rateLimit: false,
  maxHeaderBytes: 16_384,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  wsHeartbeatMs: 30_000,
  wsMaxBufferedBytes: 4 * 1024 * 1024,
});

function resolveRateLimit(rate: RateLimitOptions | false | undefined): ResolvedEdgeLimits['rateLimit'] {
  if (!rate || rate.requestsPerSecond <= 0) return false;
  return { requestsPerSecond: rate.requestsPerSecond, burst: rate.burst ?? Math.ceil(2 * rate.requestsPerSecond) };
}

/** Applies the default of every edge limit that is not given. */
export function resolveEdgeLimits(options: EdgeLimitsOptions = {}): ResolvedEdgeLimits {
  const d = DEFAULT_EDGE_LIMITS;
  return {
    maxSessions: options.maxSessions ?? d.maxSessions,
    maxSessionsPerKey: options.maxSessionsPerKey ?? d.maxSessionsPerKey,
    maxSessionsPerAddress: options.maxSessionsPerAddress ?? d.maxSessionsPerAddress,
    unusedSessionTimeoutMs: options.unusedSessionTimeoutMs ?? d.unusedSessionTimeoutMs,
    maxWsConnectionsPerKey: options.maxWsConnectionsPerKey ?? d.maxWsConnectionsPerKey,
    wsInitializeTimeoutMs: options.wsInitializeTimeoutMs ?? d.wsInitializeTimeoutMs,
    wsIdleTimeoutMs: options.wsIdleTimeoutMs ?? d.wsIdleTimeoutMs,
    maxWsConnectionsPerAddress: options.maxWsConnectionsPerAddress ?? d.maxWsConnectionsPerAddress,
    maxWsConnections: options.maxWsConnections ?? d.maxWsConnections,
    maxInFlightPerSession: options.maxInFlightPerSession ?? d.maxInFlightPerSession,
    rateLimit: resolveRateLimit(options.rateLimit),
    maxHeaderBytes: options.maxHeaderBytes ?? d.maxHeaderBytes,
    headersTimeoutMs: options.headersTimeoutMs ?? d.headersTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs ?? d.requestTimeoutMs,
    keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? d.keepAliveTimeoutMs,
    wsHeartbeatMs: options.wsHeartbeatMs ?? d.wsHeartbeatMs,
    wsMaxBufferedBytes: options.wsMaxBufferedBytes ?? d.wsMaxBufferedBytes,
  };
}
