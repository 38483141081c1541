import { DispatchModule } from '@myko/dispatch';
import { GatewaysModule } from '@myko/gateways';
import { McpPrimitivesModule } from '@myko/mcp';
import { ExamplePluginsModule, exampleDataInstructions } from '@myko/plugins';
import { RegistryModule } from '@myko/registry';
import { StateModule } from '@myko/state';
import { type DynamicModule, Module } from '@nestjs/common';
import { AuditModule } from './audit/audit.module';
import type { AppConfig } from './config/app-config.interface';
import { pluginSetModules } from './plugin-loader/plugin-sets';

/** The runnable service: the operation registry and MCP primitives, the state (memory or Redis), the example and external plugins, dispatch, the gateways and the audit log. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        RegistryModule,
        StateModule.forRoot(config.state),
        McpPrimitivesModule,
        ExamplePluginsModule.forRoot({ databasePath: config.databasePath }),
        // `--plugin-set conformance`, `--synthetic N`: test plugin sets from test/fixtures, never by default.
        ...pluginSetModules(config),
        // `--plugin` / the config's `plugins`: loaded by `loadPlugins()` before the app is built.
        ...(config.pluginModules ?? []).map((plugin) => plugin.module),
        // The Code Mode paragraph is added by the dispatch for the clients that are served search and execute.
        DispatchModule.forRoot({ instructions: exampleDataInstructions(), ...config.dispatch }),
        GatewaysModule.forRoot(config.gateways),
        AuditModule.forRoot(config.audit),
      ],
    };
  }
}
