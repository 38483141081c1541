import { ACCESS_PROFILES, BEARER_TOKEN_AUTHENTICATOR, ClientAccessResolver } from '@myko/access';
import { type DynamicModule, type FactoryProvider, Module, type ModuleMetadata, type Provider } from '@nestjs/common';
import { OAuthAuthenticator } from './auth/oauth.authenticator';
import { protectedResourceController } from './auth/protected-resource.controller';
import { HostOriginPolicy } from './common/host-origin.policy';
import { GATEWAYS_OPTIONS } from './gateways.constants';
import { DEFAULT_MCP_PATHS, normalizeMcpPath, resolveGatewaysOptions } from './gateways.options';
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
import type { GatewaysModuleOptions, GatewaysStaticOptions, ResolvedGatewaysOptions } from './interfaces';
import { DrainCoordinator } from './lifecycle/drain.coordinator';
import { ClientAddressResolver } from './limits/client-address.resolver';
import { EdgeAdmission } from './limits/edge-admission.service';
import { EdgeRefusals } from './limits/edge-refusals';
import { EdgeWorkBudget } from './limits/edge-work.budget';
import { HttpRequestLimiter } from './limits/http-request.limiter';
import { WsOutboundSender } from './limits/ws-outbound.sender';
import { WsSlotLedger } from './limits/ws-slot.ledger';
import { AuditExportStats } from './observability/audit-export.stats';
import { observabilityParts } from './observability/observability.parts';
import { StdioTransport } from './stdio/stdio.transport';
import { McpGateway } from './ws/mcp.gateway';
import { WsHandshakeVerifier } from './ws/ws-handshake.verifier';

/** `GatewaysModule.forRootAsync()`: the options that decide routes and providers, and a factory for the rest. */
export interface GatewaysModuleAsyncOptions extends GatewaysStaticOptions, Pick<ModuleMetadata, 'imports'> {
  /** Providers handed to `useFactory`, in order. */
  inject?: FactoryProvider['inject'];
  /** The other options, computed at start-up; the static ones above win over what it returns. */
  useFactory: (...args: never[]) => GatewaysModuleOptions | Promise<GatewaysModuleOptions>;
  /** Mounts the RFC 9728 metadata routes (404 while the factory's `access` has no `oauth`). @default false */
  oauthMetadata?: boolean;
}

/** What the two entry points share: the routes and providers decided by the static options. */
interface GatewaysParts extends GatewaysStaticOptions {
  oauthMetadata: boolean;
}

/**
 * The MCP transports over the shared `DispatchService`: Streamable HTTP and WebSocket at the MCP
 * paths (`/mcp`, `/myko/mcp`), both served on the application's HTTP server ahead of its framework
 * (Express or Fastify, any body parser), stdio (`StdioTransport.serve()`), and `GET /health`.
 * @publicApi
 */
@Module({})
export class GatewaysModule {
  static forRoot(options: GatewaysModuleOptions = {}): DynamicModule {
    const resolved = resolveGatewaysOptions(options);
    const parts = { ...options, oauthMetadata: Boolean(options.access?.oauth) };
    return GatewaysModule.define({ provide: GATEWAYS_OPTIONS, useValue: resolved }, parts);
  }

  /**
   * Options known only at start-up (`ConfigService`, a secrets store). The MCP paths, the health
   * routes, metrics and tracing are static: they decide the module's routes and providers.
   */
  static forRootAsync(options: GatewaysModuleAsyncOptions): DynamicModule {
    const { imports = [], inject = [], useFactory, oauthMetadata = false, ...fixed } = options;
    const provider: Provider = {
      provide: GATEWAYS_OPTIONS,
      inject,
      useFactory: async (...args: never[]) => resolveGatewaysOptions({ ...(await useFactory(...args)), ...fixed }),
    };
    return { ...GatewaysModule.define(provider, { ...fixed, oauthMetadata }), imports };
  }

  private static define(optionsProvider: Provider, parts: GatewaysParts): DynamicModule {
    const observability = observabilityParts({
      ...(parts.metrics?.enabled ? { metrics: parts.metrics } : {}),
      ...(parts.tracing?.enabled ? { tracing: parts.tracing } : {}),
    });
    const mcpPaths = (parts.mcpPaths ?? DEFAULT_MCP_PATHS).map(normalizeMcpPath);
    return {
      module: GatewaysModule,
      controllers: [
        ...(parts.health === false ? [] : [HealthController, ProbesController]),
        ...(parts.oauthMetadata ? [protectedResourceController(mcpPaths)] : []),
        ...observability.controllers,
      ],
      providers: [
        ...observability.providers,
        OAuthAuthenticator,
        optionsProvider,
        { provide: ACCESS_PROFILES, inject: [GATEWAYS_OPTIONS], useFactory: (o: ResolvedGatewaysOptions) => o.access },
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
        EdgeRefusals,
        AuditExportStats,
        ClientAddressResolver,
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
        EdgeRefusals,
        AuditExportStats,
        ClientAddressResolver,
        WsOutboundSender,
        StdioTransport,
        McpSessionRegistry,
        McpGateway,
        DrainCoordinator,
        WsHandshakeVerifier,
        ClientAccessResolver,
        BEARER_TOKEN_AUTHENTICATOR,
      ],
    };
  }
}
