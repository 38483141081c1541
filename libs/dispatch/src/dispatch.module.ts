import { McpPrimitivesModule } from '@myko/mcp';
import { SandboxModule } from '@myko/sandbox';
import { type DynamicModule, Module } from '@nestjs/common';
import { ClientRequestSender } from './client-requests/client-request.sender';
import { SchemaTemplateCompleter } from './completion/schema-template.completer';
import {
  DEFAULT_CLIENT_REQUEST_TIMEOUT_MS,
  DEFAULT_LIVE_OPTIONS,
  DEFAULT_LOG_LEVEL,
  DISPATCH_OPTIONS,
} from './dispatch.constants';
import { DispatchService } from './dispatch.service';
import { resolveExecuteGuardOptions } from './execute/execute-guard.defaults';
import type { DispatchModuleOptions, ResolvedDispatchOptions } from './interfaces/dispatch-options.interface';
import { McpContextFactory } from './mcp-context/mcp-context.factory';
import { CompletionHandler } from './methods/completion.handler';
import { LifecycleHandler } from './methods/lifecycle.handler';
import { LoggingHandler } from './methods/logging.handler';
import { MethodRouter } from './methods/method.router';
import { PromptsHandler } from './methods/prompts.handler';
import { ResourcesHandler } from './methods/resources.handler';
import { ToolsHandler } from './methods/tools.handler';
import { ExecuteMonitor } from './observe/execute.monitor';
import { DEFAULT_REQUEST_STATE_TTL_SECONDS } from './protocol-era/protocol-era.constants';
import { ProtocolEraService } from './protocol-era/protocol-era.service';
import { SubscriptionsListenHandler } from './protocol-era/subscriptions-listen.handler';
import { CustomResourceCatalog } from './resources/custom-resource.catalog';
import { LiveQueryCatalog } from './resources/live/live-query.catalog';
import { LiveQueryTracker } from './resources/live/live-query.tracker';
import { LiveQueryWatches } from './resources/live/live-query.watches';
import { ResourceSubscriptions } from './resources/resource-subscriptions';
import { SchemaResourceCatalog } from './resources/schema-resource.catalog';
import { OperationSearchService } from './search/operation-search.service';
import { SessionStore } from './session/session.store';
import { SandboxHealthProvider } from './status/sandbox-health.provider';
import { SandboxReadinessProbe } from './status/sandbox-readiness.probe';
import { CustomToolSource } from './tools/custom-tool.source';
import { DirectOperationToolSource } from './tools/direct-operation-tool.source';
import { ExecuteTool } from './tools/execute.tool';
import { MetaToolSource } from './tools/meta-tool.source';
import { SearchTool } from './tools/search.tool';
import { ToolModeResolver } from './tools/tool-mode.resolver';

const DEFAULT_SERVER_INFO = { name: 'myko-nest', title: 'myko-nest', version: '0.0.0' };

/**
 * The MCP dispatch: JSON-RPC, the `search` and `execute` tools, the schema resources, the plugins'
 * custom tools, resources and prompts, and the MCP utilities (logging, progress, cancellation,
 * completion, subscriptions, requests to the client), for every gateway to share. Needs
 * `RegistryModule` (global) in the application; imports the sandbox and the MCP primitives itself.
 * @publicApi
 */
@Module({})
export class DispatchModule {
  /**
   * @example
   * ```ts
   * DispatchModule.forRoot({ serverInfo: { version: '1.2.0' }, instructions: 'Orders and stock.' })
   * ```
   */
  static forRoot(options: DispatchModuleOptions = {}): DynamicModule {
    const resolved: ResolvedDispatchOptions = {
      serverInfo: { ...DEFAULT_SERVER_INFO, ...options.serverInfo },
      instructions: options.instructions || undefined,
      logLevel: options.logLevel ?? DEFAULT_LOG_LEVEL,
      clientRequestTimeoutMs: options.clientRequestTimeoutMs ?? DEFAULT_CLIENT_REQUEST_TIMEOUT_MS,
      toolMode: options.toolMode ?? 'code',
      profileToolModes: { ...options.profileToolModes },
      execute: resolveExecuteGuardOptions(options.execute),
      live: { ...DEFAULT_LIVE_OPTIONS, ...options.live },
      protocol: options.protocol ?? 'dual',
      requestState: {
        key: options.requestState?.key,
        ttlSeconds: options.requestState?.ttlSeconds ?? DEFAULT_REQUEST_STATE_TTL_SECONDS,
      },
    };
    return {
      module: DispatchModule,
      global: true,
      imports: [McpPrimitivesModule, SandboxModule.forRoot(options.sandbox)],
      providers: [
        { provide: DISPATCH_OPTIONS, useValue: resolved },
        DispatchService,
        SessionStore,
        MethodRouter,
        LifecycleHandler,
        ToolsHandler,
        ResourcesHandler,
        PromptsHandler,
        CompletionHandler,
        LoggingHandler,
        SearchTool,
        ExecuteTool,
        MetaToolSource,
        CustomToolSource,
        DirectOperationToolSource,
        ToolModeResolver,
        OperationSearchService,
        SchemaResourceCatalog,
        CustomResourceCatalog,
        LiveQueryCatalog,
        LiveQueryTracker,
        LiveQueryWatches,
        ResourceSubscriptions,
        SchemaTemplateCompleter,
        ClientRequestSender,
        McpContextFactory,
        SandboxHealthProvider,
        ProtocolEraService,
        SubscriptionsListenHandler,
        ExecuteMonitor,
        SandboxReadinessProbe,
      ],
      exports: [DispatchService, OperationSearchService, SandboxHealthProvider, ExecuteMonitor, SandboxReadinessProbe],
    };
  }
}
