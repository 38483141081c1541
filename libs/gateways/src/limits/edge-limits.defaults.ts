import { GATEWAYS_OPTION_TABLE } from '../gateways-options.table';
import type { EdgeLimitsOptions, RateLimitOptions, ResolvedEdgeLimits } from './edge-limits-options.interface';

type EdgeLimitCount = Exclude<keyof ResolvedEdgeLimits, 'rateLimit'>;

/** The edge limits that are counts or times (all but `rateLimit`), in `GATEWAYS_OPTION_TABLE`. */
const EDGE_LIMIT_COUNTS: readonly EdgeLimitCount[] = [
  'maxSessions',
  'maxSessionsPerKey',
  'maxSessionsPerAddress',
  'unusedSessionTimeoutMs',
  'maxWsConnectionsPerKey',
  'wsInitializeTimeoutMs',
  'wsIdleTimeoutMs',
  'maxWsConnectionsPerAddress',
  'maxWsConnections',
  'maxInFlightPerSession',
  'edgeRequestsPerTurn',
  'edgeTurnMs',
  'maxHeaderBytes',
  'headersTimeoutMs',
  'requestTimeoutMs',
  'keepAliveTimeoutMs',
  'wsHeartbeatMs',
  'wsMaxBufferedBytes',
];

/**
 * The documented defaults (`GATEWAYS_OPTION_TABLE`): generous enough for hundreds of local clients
 * sharing 127.0.0.1. The rate limit is off: on the default loopback bind every client shares one
 * address, so a per-address rate would be a per-machine rate; a deployment exposed to many callers
 * should set one (docs/configuration.md).
 */
export const DEFAULT_EDGE_LIMITS: Readonly<ResolvedEdgeLimits> = Object.freeze({
  ...(Object.fromEntries(EDGE_LIMIT_COUNTS.map((key) => [key, GATEWAYS_OPTION_TABLE[key].default])) as Record<
    EdgeLimitCount,
    number
  >),
  rateLimit: false,
});

function resolveRateLimit(rate: RateLimitOptions | false | undefined): ResolvedEdgeLimits['rateLimit'] {
  if (!rate || rate.requestsPerSecond <= 0) return false;
  return { requestsPerSecond: rate.requestsPerSecond, burst: rate.burst ?? Math.ceil(2 * rate.requestsPerSecond) };
}

/** Applies the default of every edge limit that is not given. */
export function resolveEdgeLimits(options: EdgeLimitsOptions = {}): ResolvedEdgeLimits {
  const resolved = { ...DEFAULT_EDGE_LIMITS, rateLimit: resolveRateLimit(options.rateLimit) };
  for (const key of EDGE_LIMIT_COUNTS) resolved[key] = options[key] ?? resolved[key];
  return resolved;
}
