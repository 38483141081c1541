export { OAuthAuthenticator } from './auth/oauth.authenticator';
export { WS_OAUTH_PROTOCOL_PREFIX } from './auth/oauth.constants';
export type { ProtectedResourceMetadata } from './auth/protected-resource.controller';
export { HostOriginPolicy } from './common/host-origin.policy';
export { McpHttpError } from './errors';
export {
  GATEWAYS_OPTIONS,
  MCP_HTTP_PATHS,
  MCP_PROTOCOL_VERSION_HEADER,
  MCP_SESSION_HEADER,
  MCP_WS_PATH,
  MCP_WS_SUBPROTOCOL,
} from './gateways.constants';
export { GatewaysModule } from './gateways.module';
export { LOOPBACK_HOSTS, resolveGatewaysOptions } from './gateways.options';
export { GATEWAYS_OPTION_TABLE, type GatewaysNumericOption } from './gateways-options.table';
export { HealthController } from './health/health.controller';
export type { ReadinessReport } from './health/probes.controller';
export { McpHttpEndpoint } from './http/mcp-http.endpoint';
export { McpHttpRouter } from './http/mcp-http.router';
export { McpSessionRegistry } from './http/mcp-session.registry';
export type { GatewaysModuleOptions, ResolvedGatewaysOptions } from './interfaces';
export { DrainCoordinator } from './lifecycle/drain.coordinator';
export { EdgeAdmission } from './limits/edge-admission.service';
export { DEFAULT_EDGE_LIMITS, resolveEdgeLimits } from './limits/edge-limits.defaults';
export type {
  EdgeLimitsOptions,
  RateLimitOptions,
  ResolvedEdgeLimits,
} from './limits/edge-limits-options.interface';
export { applyHttpServerLimits } from './limits/http-server.limits';
export { LIMIT_EXCEEDED, LIMIT_NAMES } from './limits/limits.constants';
export { type WsBackpressureStats, WsOutboundSender } from './limits/ws-outbound.sender';
export { MykoMetrics } from './observability/metrics.service';
export type { MetricsConfig, ObservabilityConfig, TracingConfig } from './observability/observability-config.interface';
export { MykoTracing } from './observability/tracing.service';
export type { TracingOptions } from './observability/tracing-options.interface';
export { type StdioServeOptions, StdioTransport } from './stdio/stdio.transport';
export { McpGateway, type WsFrame } from './ws/mcp.gateway';
export { McpWsServer } from './ws/mcp-ws.server';
export { WsHandshakeVerifier } from './ws/ws-handshake.verifier';
