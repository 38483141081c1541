import { resolve } from 'node:path';
import { resolveGatewaysOptions } from '@myko/gateways';
import type { CliMode, CliOptions } from '../cli/cli.parser';
import { CliUsageError } from '../cli/cli-usage.error';
import type { AppConfig } from './app-config.interface';
import { packageVersion } from './package-version';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 5155;
export const DEFAULT_DATABASE_PATH = './data/myko.db';

const LOOPBACK_OR_ANY = new Set(['127.0.0.1', 'localhost', '::1', '[::1]', '0.0.0.0', '::', '[::]']);

function databasePath(path: string): string {
  return path === ':memory:' ? path : resolve(path);
}

/**
 * Builds the service configuration from the command line and the defaults. A non-loopback `--host`
 * is added to the Host/Origin allow-lists, so binding a named interface works without extra flags.
 */
export function createAppConfig(mode: CliMode, cli: Partial<CliOptions> = {}): AppConfig {
  if (cli.configPath !== undefined) {
    // Refused rather than ignored: a silently unread config file could widen access.
    throw new CliUsageError('--config is reserved for a later release; configuration files are not read yet');
  }
  const host = cli.host ?? DEFAULT_HOST;
  const defaults = resolveGatewaysOptions();
  const bound = LOOPBACK_OR_ANY.has(host) ? [] : [host];
  return {
    mode,
    host,
    port: cli.port ?? DEFAULT_PORT,
    databasePath: databasePath(cli.databasePath ?? DEFAULT_DATABASE_PATH),
    dispatch: { serverInfo: { name: 'myko-nest', title: 'myko-nest', version: packageVersion() } },
    gateways: {
      allowedHosts: [...defaults.allowedHosts, ...bound, ...(cli.allowedHosts ?? [])],
      allowedOrigins: [...defaults.allowedOrigins, ...bound, ...(cli.allowedOrigins ?? [])],
    },
  };
}
