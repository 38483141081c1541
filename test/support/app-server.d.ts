import type { LogLevel } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';

/** The factories of one build of the service (TypeScript sources or dist/). */
export interface AppService<Config> {
  createAppConfig(mode: 'serve', cli: object, env?: Record<string, string | undefined>): Config;
  createHttpApp(config: Config, logLevels: LogLevel[]): Promise<NestExpressApplication>;
  loadPlugins?(config: Config): Promise<Config>;
}

export interface AppServerOptions<Config> {
  /** Command-line options as `createAppConfig` reads them. */
  cli?: object;
  /** Its environment (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** Config fields to replace, or a function of the config. */
  overrides?: Partial<Config> | ((config: Config) => Config);
  logLevels?: LogLevel[];
}

/** An in-process myko-nest (HTTP + WebSocket) on 127.0.0.1 and a free port. */
export interface AppServer {
  app: NestExpressApplication;
  port: number;
  /** `127.0.0.1:<port>`, what clients send as Host. */
  host: string;
  /** `http://127.0.0.1:<port>/mcp` */
  httpUrl: URL;
  /** `ws://127.0.0.1:<port>/mcp` */
  wsUrl: URL;
  /** Closes the app; a second call waits for the first. */
  close(): Promise<void>;
}

/** Starts the app `myko-nest serve` runs, in this process. */
export function startAppServer<Config>(
  service: AppService<Config>,
  options?: AppServerOptions<Config>,
): Promise<AppServer>;
