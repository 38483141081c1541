import { CODE_MODE_INSTRUCTIONS, DispatchModule } from '@myko/dispatch';
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
        DispatchModule.forRoot({ instructions: appInstructions(), ...config.dispatch }),
        GatewaysModule.forRoot(config.gateways),
        AuditModule.forRoot(config.audit),
      ],
    };
  }
}

/** `initialize` instructions: how to use the two tools, then what the example data covers. */
function appInstructions(): string {
  return `${CODE_MODE_INSTRUCTIONS}\n\n${exampleDataInstructions()}`;
}
