import { MCP_HTTP_PATHS } from './gateways.constants';
import { GATEWAYS_OPTION_TABLE, type GatewaysNumericOption } from './gateways-options.table';
import type { GatewaysModuleOptions, ResolvedGatewaysOptions } from './interfaces';
import { resolveEdgeLimits } from './limits/edge-limits.defaults';

/** Host names accepted by default: loopback only, any port. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** The Streamable HTTP paths of the service; its WebSocket is served at the first. */
export const DEFAULT_MCP_PATHS: readonly string[] = MCP_HTTP_PATHS.map((path) => `/${path}`);

/** Applies the defaults of every `GatewaysModuleOptions` field. */
export function resolveGatewaysOptions(options: GatewaysModuleOptions = {}): ResolvedGatewaysOptions {
  return {
    mcpPaths: (options.mcpPaths ?? DEFAULT_MCP_PATHS).map(normalizeMcpPath),
    health: options.health ?? true,
    allowedHosts: options.allowedHosts ?? [...LOOPBACK_HOSTS],
    allowedOrigins: options.allowedOrigins ?? [...LOOPBACK_HOSTS],
    trustedProxies: options.trustedProxies ?? [],
    sessionIdleTimeoutMs: optionOrDefault(options, 'sessionIdleTimeoutMs'),
    maxMessageBytes: optionOrDefault(options, 'maxMessageBytes'),
    sseKeepAliveMs: optionOrDefault(options, 'sseKeepAliveMs'),
    sseRetryMs: optionOrDefault(options, 'sseRetryMs'),
    ssePollAfterMs: optionOrDefault(options, 'ssePollAfterMs'),
    eventStoreMaxEvents: optionOrDefault(options, 'eventStoreMaxEvents'),
    eventStoreMaxBytes: optionOrDefault(options, 'eventStoreMaxBytes'),
    replayBudgetBytes: optionOrDefault(options, 'replayBudgetBytes'),
    eventStoreTtlMs: optionOrDefault(options, 'eventStoreTtlMs'),
    ...resolveEdgeLimits(options),
    shutdownGraceMs: optionOrDefault(options, 'shutdownGraceMs'),
    access: options.access,
    ...(options.metrics?.enabled ? { metrics: options.metrics } : {}),
    ...(options.tracing?.enabled ? { tracing: options.tracing } : {}),
  };
}

/** The option as given, else its default from `GATEWAYS_OPTION_TABLE`. */
function optionOrDefault(options: GatewaysModuleOptions, key: GatewaysNumericOption): number {
  return options[key] ?? GATEWAYS_OPTION_TABLE[key].default;
}

/** `Agents/MCP/` → `/agents/mcp`: the form `requestPath` gives a request target. */
export function normalizeMcpPath(path: string): string {
  const trimmed = path.trim().replace(/^\/+|\/+$/g, '');
  if (trimmed === '' || /[?#\s]/.test(trimmed)) throw new Error(`Invalid MCP path: ${JSON.stringify(path)}`);
  return `/${trimmed.toLowerCase()}`;
}
