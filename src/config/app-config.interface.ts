import type { AccessProfile, AccessProfiles } from '@myko/access';
import type { DispatchModuleOptions } from '@myko/dispatch';
import type { GatewaysModuleOptions } from '@myko/gateways';
import type { AuditOptions } from '@myko/nest';
import type { OpenApiConnectorOptions } from '@myko/openapi';
import type { StateModuleOptions } from '@myko/state';
import type { PluginModule } from '../plugin-loader/plugin-module.interface';

/** Everything the running service needs, defaults applied (see `createAppConfig`). */
export interface AppConfig {
  mode: 'serve' | 'stdio';
  /** Interface the HTTP/WebSocket server binds. @default '127.0.0.1' */
  host: string;
  /** @default 5155 */
  port: number;
  /** SQLite file of the example plugins (absolute), or `:memory:`. @default './data/myko.db' */
  databasePath: string;
  /** The plugin set: `conformance` also loads the MCP conformance suite's fixtures. @default 'default' */
  serverProfile?: 'default' | 'conformance';
  /** `--synthetic N`: generated operations registered next to the plugins' (scale tests, benchmarks). */
  synthetic?: number;
  /**
   * External plugin modules to load (absolute paths): `--plugin` files, then the config file's
   * `plugins`, each once. `loadPlugins()` turns them into `pluginModules` before the app is built.
   */
  plugins: readonly string[];
  /** The Nest modules the external plugins exported, imported beside the built-in plugins. */
  pluginModules?: readonly PluginModule[];
  /** Absolute path of the config file read (`--config` / `MYKO_CONFIG`), if any. */
  configPath?: string;
  /** The access profiles of the config file; absent: no authentication, header/env filters only. */
  access?: AccessProfiles;
  /** stdio: the profile served as (`--profile-name` / `MYKO_PROFILE`, else the default profile). */
  profile?: AccessProfile;
  audit: AuditOptions;
  /** The config file's `connectors`, document paths made absolute. @default [] */
  connectors?: readonly OpenApiConnectorOptions[];
  /** Things to warn about at start (an exposed server without auth, unsupported settings). */
  warnings: string[];
  dispatch: DispatchModuleOptions;
  gateways: GatewaysModuleOptions;
  /** The admin API (`admin` of the config file); absent: off. */
  admin?: { path?: string; keys: readonly string[]; scope?: string };
  /** Where cross-request state lives: Redis (`--redis`, `MYKO_REDIS_URL`, config `redis`) or this process. */
  state: StateModuleOptions;
}
