import { SandboxModule } from '@myko/sandbox';
import { type DynamicModule, Module } from '@nestjs/common';
import { DISPATCH_OPTIONS } from './dispatch.constants';
import { DispatchService } from './dispatch.service';
import type { DispatchModuleOptions, ResolvedDispatchOptions } from './interfaces/dispatch-options.interface';
import { LifecycleHandler } from './methods/lifecycle.handler';
import { MethodRouter } from './methods/method.router';
import { ResourcesHandler } from './methods/resources.handler';
import { ToolsHandler } from './methods/tools.handler';
import { SchemaResourceCatalog } from './resources/schema-resource.catalog';
import { OperationSearchService } from './search/operation-search.service';
import { SessionStore } from './session/session.store';
import { ExecuteTool } from './tools/execute.tool';
import { SearchTool } from './tools/search.tool';

const DEFAULT_SERVER_INFO = { name: 'myko-nest', title: 'myko-nest', version: '0.0.0' };

/**
 * The MCP dispatch: JSON-RPC, the `search` and `execute` tools and the schema resources, for every
 * gateway to share. Needs `RegistryModule` (global) in the application; imports the sandbox itself.
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
    };
    return {
      module: DispatchModule,
      global: true,
      imports: [SandboxModule.forRoot(options.sandbox)],
      providers: [
        { provide: DISPATCH_OPTIONS, useValue: resolved },
        DispatchService,
        SessionStore,
        MethodRouter,
        LifecycleHandler,
        ToolsHandler,
        ResourcesHandler,
        SearchTool,
        ExecuteTool,
        OperationSearchService,
        SchemaResourceCatalog,
      ],
      exports: [DispatchService, OperationSearchService],
    };
  }
}
