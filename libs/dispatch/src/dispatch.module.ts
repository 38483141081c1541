import { McpPrimitivesModule } from '@myko/mcp';
import { SandboxModule } from '@myko/sandbox';
import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { CodeModeInstructions } from './code-mode/code-mode.instructions';
import { ApprovalDoors } from './code-mode/execute/approval-doors';
import { BridgeCallFairness } from './code-mode/execute/bridge-call.fairness';
import { ExecuteMonitor } from './code-mode/execute/execute.monitor';
import { ExecuteTool } from './code-mode/execute/execute.tool';
import { ExecuteActivity } from './code-mode/execute/execute-activity';
import { resolveExecuteGuardOptions } from './code-mode/execute/execute-guard.defaults';
import { ExecutionDecisions } from './code-mode/execute/execution-decisions.service';
import { ExecutionLedger } from './code-mode/executions/execution.ledger';
import { ExecutionRollbacks } from './code-mode/executions/execution.rollbacks';
import { ExecutionsResource } from './code-mode/executions/executions.resource';
import { MetaToolSource } from './code-mode/meta-tool.source';
import { SandboxHealthProvider } from './code-mode/sandbox-status/sandbox-health.provider';
import { SandboxReadinessProbe } from './code-mode/sandbox-status/sandbox-readiness.probe';
import { OperationSearchService } from './code-mode/search/operation-search.service';
import { SearchTool } from './code-mode/search/search.tool';
import { ExecutionTaskStore } from './code-mode/tasks/execution-task.store';
import { ExecutionTasks } from './code-mode/tasks/execution-tasks.service';
import { TaskStatusNotifier } from './code-mode/tasks/task-status.notifier';
import {
  DEFAULT_CLIENT_REQUEST_TIMEOUT_MS,
  DEFAULT_LIVE_OPTIONS,
  DEFAULT_LOG_LEVEL,
  DISPATCH_OPTIONS,
  SERVER_INSTRUCTIONS,
} from './dispatch.constants';
import { DispatchService } from './dispatch.service';
import { CompletionHandler } from './features/completion/completion.handler';
import { SchemaTemplateCompleter } from './features/completion/schema-template.completer';
import { McpContextFactory } from './features/operations/mcp-context.factory';
import { PromptsHandler } from './features/prompts/prompts.handler';
import { CodeModeResourceSource } from './features/resources/code-mode-resource.source';
import { CustomResourceCatalog } from './features/resources/custom-resource.catalog';
import { EntityWritesRelay } from './features/resources/live/entity-writes.relay';
import { LiveQueryCatalog } from './features/resources/live/live-query.catalog';
import { LiveQueryTracker } from './features/resources/live/live-query.tracker';
import { LiveQueryWatches } from './features/resources/live/live-query.watches';
import { ResourceEventsRelay } from './features/resources/resource-events.relay';
import { ResourceSubscriptions } from './features/resources/resource-subscriptions';
import { ResourcesHandler } from './features/resources/resources.handler';
import { SchemaResourceCatalog } from './features/resources/schema-resource.catalog';
import { SubscriptionsListenHandler } from './features/resources/subscriptions-listen.handler';
import { VisibleOperations } from './features/resources/visible-operations';
import { TaskRunner } from './features/tasks/task-runner';
import { TasksHandler } from './features/tasks/tasks.handler';
import { CodeModeToolSource } from './features/tools/code-mode-tool.source';
import { CustomToolSource } from './features/tools/custom-tool.source';
import { DirectOperationToolSource } from './features/tools/direct-operation-tool.source';
import { ToolModeResolver } from './features/tools/tool-mode.resolver';
import { ToolsHandler } from './features/tools/tools.handler';
import type {
  DispatchModuleAsyncOptions,
  DispatchModuleOptions,
  ResolvedDispatchOptions,
} from './interfaces/dispatch-options.interface';
import { MethodRouter } from './method.router';
import { ClientRequestSender } from './protocol/client-requests/client-request.sender';
import { ClusterChannel } from './protocol/cluster/cluster.channel';
import { resolveClusterWatchOptions } from './protocol/cluster/cluster-watch.defaults';
import { ClusterWatches } from './protocol/cluster/cluster-watches';
import { SessionRelay } from './protocol/cluster/session.relay';
import { resolveFairnessOptions } from './protocol/fairness/fairness-options.table';
import { LifecycleHandler } from './protocol/lifecycle.handler';
import { LoggingHandler } from './protocol/logging/logging.handler';
import { MethodTable } from './protocol/method-table';
import { DEFAULT_REQUEST_STATE_TTL_SECONDS } from './protocol/protocol-era/protocol-era.constants';
import { ProtocolEraService } from './protocol/protocol-era/protocol-era.service';
import { RequestRunner } from './protocol/request.runner';
import { SessionStore } from './protocol/session/session.store';

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
    return DispatchModule.define(
      { provide: DISPATCH_OPTIONS, useValue: resolveDispatchOptions(options) },
      SandboxModule.forRoot(options.sandbox),
    );
  }

  /**
   * Options known only at start-up, e.g. from `ConfigService`: one factory for the dispatch and its
   * sandbox (`sandbox` of what it returns).
   */
  static forRootAsync(options: DispatchModuleAsyncOptions): DynamicModule {
    const { imports = [], inject = [], useFactory } = options;
    const sandbox = SandboxModule.forRootAsync({
      imports,
      inject,
      useFactory: async (...args: unknown[]) => (await useFactory(...(args as never[]))).sandbox ?? {},
    });
    const provider: Provider = {
      provide: DISPATCH_OPTIONS,
      inject,
      useFactory: async (...args: never[]) => resolveDispatchOptions(await useFactory(...args)),
    };
    const module = DispatchModule.define(provider, sandbox);
    return { ...module, imports: [...imports, ...(module.imports ?? [])] };
  }

  private static define(optionsProvider: Provider, sandbox: DynamicModule): DynamicModule {
    return {
      module: DispatchModule,
      global: true,
      imports: [McpPrimitivesModule, sandbox],
      providers: [
        optionsProvider,
        { provide: SERVER_INSTRUCTIONS, useClass: CodeModeInstructions },
        DispatchService,
        RequestRunner,
        SessionStore,
        MethodRouter,
        { provide: MethodTable, useExisting: MethodRouter },
        LifecycleHandler,
        ToolsHandler,
        ResourcesHandler,
        PromptsHandler,
        CompletionHandler,
        LoggingHandler,
        SearchTool,
        ExecuteTool,
        ApprovalDoors,
        ExecutionLedger,
        ExecutionDecisions,
        ExecutionRollbacks,
        ExecutionTaskStore,
        TaskStatusNotifier,
        ExecutionTasks,
        TasksHandler,
        MetaToolSource,
        { provide: CodeModeToolSource, useExisting: MetaToolSource },
        { provide: TaskRunner, useExisting: ExecutionTasks },
        ExecutionsResource,
        { provide: CodeModeResourceSource, useExisting: ExecutionsResource },
        CustomToolSource,
        DirectOperationToolSource,
        ToolModeResolver,
        OperationSearchService,
        { provide: VisibleOperations, useExisting: OperationSearchService },
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
        ExecuteActivity,
        BridgeCallFairness,
        SandboxReadinessProbe,
        ClusterChannel,
        SessionRelay,
        ResourceEventsRelay,
        ClusterWatches,
        EntityWritesRelay,
      ],
      exports: [
        DispatchService,
        OperationSearchService,
        SandboxHealthProvider,
        ExecuteMonitor,
        ExecuteActivity,
        SandboxReadinessProbe,
        ExecutionDecisions,
        ExecutionRollbacks,
        ApprovalDoors,
      ],
    };
  }
}

/** Applies the defaults of every `DispatchModuleOptions` field. */
function resolveDispatchOptions(options: DispatchModuleOptions): ResolvedDispatchOptions {
  return {
    serverInfo: { ...DEFAULT_SERVER_INFO, ...options.serverInfo },
    instructions: options.instructions || undefined,
    logLevel: options.logLevel ?? DEFAULT_LOG_LEVEL,
    clientRequestTimeoutMs: options.clientRequestTimeoutMs ?? DEFAULT_CLIENT_REQUEST_TIMEOUT_MS,
    toolMode: options.toolMode ?? 'code',
    profileToolModes: { ...options.profileToolModes },
    execute: resolveExecuteGuardOptions(options.execute),
    live: { ...DEFAULT_LIVE_OPTIONS, ...options.live },
    fairness: resolveFairnessOptions(options.fairness),
    profileQuotas: { ...options.profileQuotas },
    cluster: resolveClusterWatchOptions(options.cluster),
    protocol: options.protocol ?? 'dual',
    requestState: {
      key: options.requestState?.key,
      ttlSeconds: options.requestState?.ttlSeconds ?? DEFAULT_REQUEST_STATE_TTL_SECONDS,
    },
  };
}
