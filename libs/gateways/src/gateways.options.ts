import { DEFAULT_SHUTDOWN_GRACE_MS, ONE_MIB } from './gateways.constants';
import type { GatewaysModuleOptions, ResolvedGatewaysOptions } from './interfaces';
import { resolveEdgeLimits } from './limits/edge-limits.defaults';

/** Host names accepted by default: loopback only, any port. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** Applies the defaults of every `GatewaysModuleOptions` field. */
export function resolveGatewaysOptions(options: GatewaysModuleOptions = {}): ResolvedGatewaysOptions {
  return {
    allowedHosts: options.allowedHosts ?? [...LOOPBACK_HOSTS],
    allowedOrigins: options.allowedOrigins ?? [...LOOPBACK_HOSTS],
    sessionIdleTimeoutMs: options.sessionIdleTimeoutMs ?? 30 * 60_000,
    maxMessageBytes: options.maxMessageBytes ?? ONE_MIB,
    sseKeepAliveMs: options.sseKeepAliveMs ?? 15_000,
    sseRetryMs: options.sseRetryMs ?? 1_000,
    ssePollAfterMs: options.ssePollAfterMs ?? 0,
    eventStoreMaxEvents: options.eventStoreMaxEvents ?? 1_000,
    eventStoreMaxBytes: options.eventStoreMaxBytes ?? ONE_MIB,
    replayBudgetBytes: options.replayBudgetBytes ?? 64 * ONE_MIB,
    eventStoreTtlMs: options.eventStoreTtlMs ?? 5 * 60_000,
    ...resolveEdgeLimits(options),
    shutdownGraceMs: options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS,
    access: options.access,
    ...(options.metrics?.enabled ? { metrics: options.metrics } : {}),
    ...(options.tracing?.enabled ? { tracing: options.tracing } : {}),
  };
}
