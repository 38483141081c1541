export { WS_OAUTH_PROTOCOL_PREFIX } from './auth/oauth.constants';
export type { ProtectedResourceMetadata } from './auth/protected-resource.controller';
export { McpHttpError } from './errors';
export {
  GATEWAYS_OPTIONS,
  MCP_HTTP_PATHS,
  MCP_PROTOCOL_VERSION_HEADER,
  MCP_SESSION_HEADER,
  MCP_WS_PATH,
  MCP_WS_SUBPROTOCOL,
} from './gateways.constants';
export { GatewaysModule, type GatewaysModuleAsyncOptions } from './gateways.module';
export { DEFAULT_MCP_PATHS, normalizeMcpPath, resolveGatewaysOptions } from './gateways.options';
export { GATEWAYS_OPTION_TABLE } from './gateways-options.table';
export type { ReadinessReport } from './health/probes.controller';
export { McpSessionRegistry } from './http/mcp-session.registry';
export type { GatewaysModuleOptions, GatewaysStaticOptions, ResolvedGatewaysOptions } from './interfaces';
export { DrainCoordinator } from './lifecycle/drain.coordinator';
export { ClientAddressResolver } from './limits/client-address.resolver';
export { EdgeAdmission } from './limits/edge-admission.service';
export type { EdgeLimitsOptions, RateLimitOptions } from './limits/edge-limits-options.interface';
export { type EdgeDoor, type EdgeRefusal, EdgeRefusals } from './limits/edge-refusals';
export { applyHttpServerLimits } from './limits/http-server.limits';
export { LIMIT_EXCEEDED } from './limits/limits.constants';
export { type WsBackpressureStats, WsOutboundSender } from './limits/ws-outbound.sender';
export { AuditExportStats } from './observability/audit-export.stats';
export type { MetricsConfig, ObservabilityConfig, TracingConfig } from './observability/observability-config.interface';
export { MykoTracing } from './observability/tracing.service';
export type { TracingOptions } from './observability/tracing-options.interface';
export { type StdioServeOptions, StdioTransport } from './stdio/stdio.transport';
export { McpGateway } from './ws/mcp.gateway';
export { McpWsAdapter } from './ws/mcp-ws.adapter';
