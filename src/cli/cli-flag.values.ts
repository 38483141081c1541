import type { ToolMode } from '@myko/access';
import { redisUrlProblem } from '@myko/state';
import { type CliOptions, SERVER_PROFILES, type ServerProfile } from './cli-options.interface';
import { CliUsageError } from './cli-usage.error';

// Each option's value: checked, and set on the options (a bad value is a `CliUsageError` naming the flag).

/** `--tool-mode` values: Code Mode (search + execute), one tool per operation, or both. */
export const TOOL_MODES: readonly ToolMode[] = ['code', 'direct', 'both'];
/** The most operations `--synthetic` generates. */
export const MAX_SYNTHETIC = 100_000;
/** The longest `--shutdown-grace-ms` (10 minutes): a shutdown must end. */
export const MAX_SHUTDOWN_GRACE_MS = 600_000;

/** The options that take a value (`--flag value` or `--flag=value`). */
export const VALUE_FLAGS = new Set([
  '--host',
  '--port',
  '--db',
  '--config',
  '--profile-name',
  '--audit-log',
  '--plugin-set',
  '--profile',
  '--tool-mode',
  '--synthetic',
  '--shutdown-grace-ms',
  '--allow-host',
  '--allow-origin',
  '--trusted-proxy',
  '--plugin',
  '--redis',
]);

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) throw new CliUsageError(`--port must be 0-65535, got "${value}"`);
  return port;
}

function list(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function parseServerProfile(flag: string, value: string): ServerProfile {
  if (!(SERVER_PROFILES as readonly string[]).includes(value)) {
    throw new CliUsageError(`${flag} must be one of ${SERVER_PROFILES.join(', ')}, got "${value}"`);
  }
  return value as ServerProfile;
}

/** `--profile` was the plugin set's flag, too easily taken for the access profile (`--profile-name`). */
function deprecatedPluginsFlag(options: CliOptions, value: string): void {
  options.serverProfile = parseServerProfile('--profile', value);
  options.deprecations = [
    ...(options.deprecations ?? []),
    '--profile is deprecated: it selects the plugin set, use --plugin-set; the access profile is --profile-name',
  ];
}

function parseToolMode(value: string): ToolMode {
  if (!TOOL_MODES.includes(value as ToolMode)) {
    throw new CliUsageError(`--tool-mode must be one of ${TOOL_MODES.join(', ')}, got "${value}"`);
  }
  return value as ToolMode;
}

function parseSynthetic(value: string): number {
  const count = Number(value);
  if (!/^\d+$/.test(value) || count > MAX_SYNTHETIC) {
    throw new CliUsageError(`--synthetic must be a number of operations from 0 to ${MAX_SYNTHETIC}, got "${value}"`);
  }
  return count;
}

function parseGraceMs(value: string): number {
  const ms = Number(value);
  if (!/^\d+$/.test(value) || ms > MAX_SHUTDOWN_GRACE_MS) {
    throw new CliUsageError(`--shutdown-grace-ms must be 0-${MAX_SHUTDOWN_GRACE_MS} milliseconds, got "${value}"`);
  }
  return ms;
}

/** The URL itself is never echoed: it may carry a password. */
function parseRedisUrl(value: string): string {
  const problem = redisUrlProblem(value);
  if (problem) throw new CliUsageError(`--redis: ${problem}`);
  return value;
}

/** Sets `flag`'s checked `value` on `options`. */
export function applyFlag(options: CliOptions, flag: string, value: string): void {
  if (value === '') throw new CliUsageError(`${flag} needs a value`);
  if (flag === '--host') options.host = value;
  else if (flag === '--port') options.port = parsePort(value);
  else if (flag === '--db') options.databasePath = value;
  else if (flag === '--config') options.configPath = value;
  else if (flag === '--profile-name') options.profileName = value;
  else if (flag === '--audit-log') options.auditLog = value;
  else if (flag === '--plugin-set') options.serverProfile = parseServerProfile(flag, value);
  else if (flag === '--profile') deprecatedPluginsFlag(options, value);
  else if (flag === '--tool-mode') options.toolMode = parseToolMode(value);
  else if (flag === '--synthetic') options.synthetic = parseSynthetic(value);
  else if (flag === '--shutdown-grace-ms') options.shutdownGraceMs = parseGraceMs(value);
  else if (flag === '--allow-host') options.allowedHosts.push(...list(value));
  else if (flag === '--plugin') options.plugins.push(value);
  else if (flag === '--redis') options.redisUrl = parseRedisUrl(value);
  else if (flag === '--trusted-proxy') options.trustedProxies.push(...list(value));
  else options.allowedOrigins.push(...list(value));
}
