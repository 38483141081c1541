import { DispatchModule } from '@myko/dispatch';
import { GatewaysModule } from '@myko/gateways';
import { ConformancePluginModule, ExamplePluginsModule, SyntheticOperationsModule } from '@myko/plugins';
import { RegistryModule } from '@myko/registry';
import { type DynamicModule, Module } from '@nestjs/common';
import { AuditModule } from './audit/audit.module';
import type { AppConfig } from './config/app-config.interface';

/** The runnable service: the operation registry, the example and external plugins, dispatch, the gateways and the audit log. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        RegistryModule,
        ExamplePluginsModule.forRoot({ databasePath: config.databasePath }),
        // `--profile conformance`: the fixtures of the official MCP conformance suite, never by default.
        ...(config.serverProfile === 'conformance' ? [ConformancePluginModule] : []),
        ...(config.synthetic ? [SyntheticOperationsModule.forRoot({ count: config.synthetic })] : []),
        // `--plugin` / the config's `plugins`: loaded by `loadPlugins()` before the app is built.
        ...(config.pluginModules ?? []).map((plugin) => plugin.module),
        DispatchModule.forRoot(config.dispatch),
        GatewaysModule.forRoot(config.gateways),
        AuditModule.forRoot(config.audit),
      ],
    };
  }
}
