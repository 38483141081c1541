export {
  type AccessRefusal,
  type AccessResolution,
  type ClientAccess,
  ClientAccessResolver,
} from './common/client-access.resolver';
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
export { HealthController } from './health/health.controller';
export { McpHttpController } from './http/mcp-http.controller';
export { McpSessionRegistry } from './http/mcp-session.registry';
export type { GatewaysModuleOptions, ResolvedGatewaysOptions } from './interfaces';
export { DrainCoordinator } from './lifecycle/drain.coordinator';
export { type StdioServeOptions, StdioTransport } from './stdio/stdio.transport';
export { McpGateway } from './ws/mcp.gateway';
export { McpWsAdapter } from './ws/mcp-ws.adapter';
export { WsHandshakeVerifier } from './ws/ws-handshake.verifier';
