import { type DynamicModule, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { ClientAccessResolver } from './common/client-access.resolver';
import { HostOriginPolicy } from './common/host-origin.policy';
import { GATEWAYS_OPTIONS } from './gateways.constants';
import { resolveGatewaysOptions } from './gateways.options';
import { HealthController } from './health/health.controller';
import { HostOriginGuard } from './http/host-origin.guard';
import { McpHttpController } from './http/mcp-http.controller';
import { McpSessionRegistry } from './http/mcp-session.registry';
import type { GatewaysModuleOptions } from './interfaces';
import { DrainCoordinator } from './lifecycle/drain.coordinator';
import { DrainRefusalMiddleware } from './lifecycle/drain-refusal.middleware';
import { StdioTransport } from './stdio/stdio.transport';
import { McpGateway } from './ws/mcp.gateway';
import { WsHandshakeVerifier } from './ws/ws-handshake.verifier';

/**
 * The MCP transports over the shared `DispatchService`: Streamable HTTP (`/mcp`, `/myko/mcp`),
 * WebSocket (`/mcp`, with `McpWsAdapter`), stdio (`StdioTransport.serve()`), and `GET /health`.
 * An HTTP app must be created with `bodyParser: false` (the MCP endpoint reads and limits its body).
 * @publicApi
 */
@Module({})
export class GatewaysModule implements NestModule {
  static forRoot(options: GatewaysModuleOptions = {}): DynamicModule {
    return {
      module: GatewaysModule,
      controllers: [McpHttpController, HealthController],
      providers: [
        { provide: GATEWAYS_OPTIONS, useValue: resolveGatewaysOptions(options) },
        HostOriginPolicy,
        ClientAccessResolver,
        HostOriginGuard,
        McpSessionRegistry,
        DrainCoordinator,
        WsHandshakeVerifier,
        McpGateway,
        StdioTransport,
      ],
      exports: [
        GATEWAYS_OPTIONS,
        StdioTransport,
        McpSessionRegistry,
        DrainCoordinator,
        WsHandshakeVerifier,
        ClientAccessResolver,
      ],
    };
  }

  /** Every HTTP request passes the drain check first (503 while shutting down). */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(DrainRefusalMiddleware).forRoutes('*');
  }
}
