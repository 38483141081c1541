import { McpPrimitivesModule } from '@myko/mcp';
import { OpenApiConnectorModule } from '@myko/nest';
import { ExamplePluginsModule } from '@myko/plugins';
import { RegistryModule } from '@myko/registry';
import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.interface';
import { pluginSetModules } from '../plugin-loader/plugin-sets';

/**
 * The service's operations and nothing that serves them: the registry with the example, external and
 * connector plugins, as `myko-nest serve` registers them, over an empty in-memory database. What
 * `access explain` asks offline; no transport, sandbox or state is started.
 */
@Module({})
export class OperationsOnlyModule {
  static forRoot(config: AppConfig): DynamicModule {
    const connectors = config.connectors ?? [];
    return {
      module: OperationsOnlyModule,
      imports: [
        RegistryModule,
        McpPrimitivesModule,
        ExamplePluginsModule.forRoot({ databasePath: ':memory:', seed: false }),
        ...pluginSetModules(config),
        ...(config.pluginModules ?? []).map((plugin) => plugin.module),
        ...(connectors.length > 0 ? [OpenApiConnectorModule.forRoot({ connectors })] : []),
      ],
    };
  }
}
