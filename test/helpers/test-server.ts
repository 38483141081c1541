import type { LogLevel } from '@nestjs/common';
import { createHttpApp } from '../../src/bootstrap/http-app.factory';
import { createAppConfig } from '../../src/config/app.config';
import type { AppConfig } from '../../src/config/app-config.interface';
import { type AppServer, startAppServer } from '../support/app-server';

/** An in-process myko-nest (HTTP + WebSocket) on 127.0.0.1 and a free port, with an in-memory database. */
export type TestServer = AppServer;

/**
 * Starts the same app `myko-nest serve` runs, from the sources, with config overrides for the test. Unlike the
 * product, whose default is `strict`, a test server checks no script's types unless the test names a mode
 * (`dispatch.execute.typeCheck`, a per-profile mode, or a config file's `typeCheck`): starting the checker's three
 * worker processes costs ≈3.5 s of CPU a boot, and most tests boot servers to run scripts whose types are not
 * what they test. The type-check suites name their mode.
 */
export function startTestServer(
  overrides: ConfigOverrides = {},
  logLevels: LogLevel[] = ['error', 'warn'],
): Promise<TestServer> {
  const withOverrides = (config: AppConfig): AppConfig => uncheckedUnlessNamed(applied(config, overrides));
  return startAppServer({ createAppConfig, createHttpApp }, { overrides: withOverrides, logLevels });
}

/** Config fields to replace, or a function of the config. */
export type ConfigOverrides = Partial<AppConfig> | ((config: AppConfig) => AppConfig);

/** `overrides` for a test whose scripts' types matter: type-checked in `mode` (the product's default, `strict`). */
export function typeChecked(overrides: ConfigOverrides = {}, mode: TypeCheckMode = 'strict'): ConfigOverrides {
  return (config) => withTypeCheck(applied(config, overrides), mode);
}

type TypeCheckMode = NonNullable<NonNullable<AppConfig['dispatch']['execute']>['typeCheck']>;

/** `config` with its scripts type-checked in `mode`. */
const withTypeCheck = (config: AppConfig, mode: TypeCheckMode): AppConfig => ({
  ...config,
  dispatch: { ...config.dispatch, execute: { ...config.dispatch.execute, typeCheck: mode } },
});

const applied = (config: AppConfig, overrides: ConfigOverrides): AppConfig =>
  typeof overrides === 'function' ? overrides(config) : { ...config, ...overrides };

/** `config` with `typeCheck: 'off'` when it names no type-check mode anywhere; else `config` as it is. */
function uncheckedUnlessNamed(config: AppConfig): AppConfig {
  const execute = config.dispatch.execute ?? {};
  const named = execute.typeCheck !== undefined || Object.keys(execute.profileTypeChecks ?? {}).length > 0;
  return named ? config : withTypeCheck(config, 'off');
}

/**
 * One server for the tests of a file: started before them, closed after them. Returns a getter (the
 * server exists only once `beforeAll` has run).
 */
export function useTestServer(overrides: ConfigOverrides = {}): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(overrides);
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('the test server is not started yet (use it inside a test or hook)');
    return server;
  };
}
