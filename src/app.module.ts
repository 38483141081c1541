import { MykoModule } from '@myko/nest';
import { ExamplePluginsModule, exampleDataInstructions } from '@myko/plugins';
import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './config/app-config.interface';
import { pluginSetModules } from './plugin-loader/plugin-sets';

/** The service's MCP paths: `/mcp` (HTTP and WebSocket) and the HTTP alias `/myko/mcp`. */
const SERVICE_PATH = '/mcp';
const SERVICE_PATH_ALIASES = ['/myko/mcp'];

/**
 * The runnable service: `MykoModule` (the registry, MCP primitives, state, dispatch, gateways and
 * audit log, as an existing application imports it) with the example and external plugins.
 */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    const { access, metrics, tracing, ...gateways } = config.gateways;
    const { sandbox, ...dispatch } = config.dispatch;
    return {
      module: AppModule,
      imports: [
        // The Code Mode paragraph is added by the dispatch for the clients that are served search and execute.
        MykoModule.forRoot({
          path: SERVICE_PATH,
          pathAliases: SERVICE_PATH_ALIASES,
          health: true,
          access,
          instructions: exampleDataInstructions(),
          sandbox,
          state: config.state,
          observability: { metrics, tracing },
          audit: config.audit,
          connectors: config.connectors,
          gateways,
          dispatch,
          ...(config.admin ? { admin: config.admin } : {}),
        }),
        ExamplePluginsModule.forRoot({ databasePath: config.databasePath }),
        // `--plugin-set conformance`, `--synthetic N`: test plugin sets from test/fixtures, never by default.
        ...pluginSetModules(config),
        // `--plugin` / the config's `plugins`: loaded by `loadPlugins()` before the app is built.
        ...(config.pluginModules ?? []).map((plugin) => plugin.module),
      ],
    };
  }
}
