import { ACCESS_PROFILES, BEARER_TOKEN_AUTHENTICATOR, ClientAccessResolver } from '@myko/access';
import { type DynamicModule, Module } from '@nestjs/common';
import { OAuthAuthenticator } from './auth/oauth.authenticator';
import { ProtectedResourceController } from './auth/protected-resource.controller';
import { HostOriginPolicy } from './common/host-origin.policy';
import { GATEWAYS_OPTIONS } from './gateways.constants';
import { resolveGatewaysOptions } from './gateways.options';
import { HealthController } from './health/health.controller';
import { ProbesController } from './health/probes.controller';
import { ForeignStreamResumer } from './http/foreign-stream.resumer';
import { McpHttpEndpoint } from './http/mcp-http.endpoint';
import { McpHttpRouter } from './http/mcp-http.router';
import { McpSessionRegistry } from './http/mcp-session.registry';
import { SessionPostHandler } from './http/session-post.handler';
import { SessionRequestResolver } from './http/session-request.resolver';
import { SessionStreamHandler } from './http/session-stream.handler';
import { SharedSessions } from './http/shared-sessions';
import { SharedSseStreams } from './http/shared-sse.streams';
import { StatelessPostHandler } from './http/stateless-post.handler';
import type { GatewaysModuleOptions } from './interfaces';
import { DrainCoordinator } from './lifecycle/drain.coordinator';
import { EdgeAdmission } from './limits/edge-admission.service';
import { EdgeWorkBudget } from './limits/edge-work.budget';
import { HttpRequestLimiter } from './limits/http-request.limiter';
import { WsOutboundSender } from './limits/ws-outbound.sender';
import { WsSlotLedger } from './limits/ws-slot.ledger';
import { observabilityParts } from './observability/observability.parts';
import { StdioTransport } from './stdio/stdio.transport';
import { McpGateway } from './ws/mcp.gateway';
import { WsHandshakeVerifier } from './ws/ws-handshake.verifier';

/**
 * The MCP transports over the shared `DispatchService`: Streamable HTTP (`/mcp`, `/myko/mcp`),
 * WebSocket (`/mcp`), stdio (`StdioTransport.serve()`), and `GET /health`.
 * An HTTP app must be created with `bodyParser: false` (the MCP endpoint reads and limits its body) and
 * serve WebSockets through `app.useWebSocketAdapter(new McpWsAdapter(app))`.
 * @publicApi
 */
@Module({})
export class GatewaysModule {
  static forRoot(options: GatewaysModuleOptions = {}): DynamicModule {
    const resolved = resolveGatewaysOptions(options);
    const observability = observabilityParts(resolved);
    return {
      module: GatewaysModule,
      controllers: [
        HealthController,
        ProbesController,
        ...(options.access?.oauth ? [ProtectedResourceController] : []),
        ...observability.controllers,
      ],
      providers: [
        ...observability.providers,
        OAuthAuthenticator,
        { provide: GATEWAYS_OPTIONS, useValue: resolved },
        { provide: ACCESS_PROFILES, useFactory: () => resolved.access },
        { provide: BEARER_TOKEN_AUTHENTICATOR, useExisting: OAuthAuthenticator },
        HostOriginPolicy,
        ClientAccessResolver,
        McpHttpEndpoint,
        StatelessPostHandler,
        McpHttpRouter,
        McpSessionRegistry,
        SessionRequestResolver,
        SessionPostHandler,
        SessionStreamHandler,
        SharedSessions,
        SharedSseStreams,
        ForeignStreamResumer,
        EdgeAdmission,
        EdgeWorkBudget,
        WsSlotLedger,
        HttpRequestLimiter,
        WsOutboundSender,
        DrainCoordinator,
        WsHandshakeVerifier,
        McpGateway,
        StdioTransport,
      ],
      exports: [
        GATEWAYS_OPTIONS,
        EdgeAdmission,
        WsOutboundSender,
        StdioTransport,
        McpSessionRegistry,
        DrainCoordinator,
        WsHandshakeVerifier,
        ClientAccessResolver,
      ],
    };
  }
}
