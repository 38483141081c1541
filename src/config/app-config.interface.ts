import type { DispatchModuleOptions } from '@myko/dispatch';
import type { GatewaysModuleOptions } from '@myko/gateways';

/** Everything the running service needs, defaults applied (see `createAppConfig`). */
export interface AppConfig {
  mode: 'serve' | 'stdio';
  /** Interface the HTTP/WebSocket server binds. @default '127.0.0.1' */
  host: string;
  /** @default 5155 */
  port: number;
  /** SQLite file of the example plugins (absolute), or `:memory:`. @default './data/myko.db' */
  databasePath: string;
  dispatch: DispatchModuleOptions;
  gateways: GatewaysModuleOptions;
}
