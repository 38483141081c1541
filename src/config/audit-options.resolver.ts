import { resolve } from 'node:path';
import { AUDIT_OFF, type AuditOptions, DEFAULT_AUDIT_OPTIONS, STDERR_DESTINATION } from '@myko/nest';
import { ConfigError } from './config.error';
import { type LoadedConfigFile, resolveFromConfig } from './config-file.loader';
import { resolveEnvSecret } from './env-secret';

/** Files that are the process's stdout under another name. */
const STDOUT_ALIASES = ['/dev/stdout', '/dev/fd/1', '/proc/self/fd/1'];

function destination(path: string, base: (path: string) => string, mode: 'serve' | 'stdio'): string {
  if (path === STDERR_DESTINATION) return path;
  const absolute = base(path);
  if (path === 'stdout' || (mode === 'stdio' && STDOUT_ALIASES.includes(absolute))) {
    throw new ConfigError(`the audit log cannot go to stdout (${path}); use "stderr" or a file`);
  }
  return absolute;
}

/**
 * The audit options: `--audit-log` (a file relative to the working directory, `stderr` or `off`)
 * wins over the config file's `audit` section (paths relative to the file); default: commands to stderr.
 */
export function resolveAuditOptions(
  mode: 'serve' | 'stdio',
  file: LoadedConfigFile | undefined,
  cliDestination: string | undefined,
  env: Readonly<Record<string, string | undefined>> = {},
): AuditOptions {
  const section = file?.config.audit ?? {};
  const otlp = section.otlp && withHeadersResolved(section.otlp, env);
  const queries = section.queries ?? DEFAULT_AUDIT_OPTIONS.queries;
  const recent = {
    ...(section.recentLines === undefined ? {} : { recentLines: section.recentLines }),
    ...(otlp ? { otlp } : {}),
  };
  if (cliDestination === AUDIT_OFF) return { ...DEFAULT_AUDIT_OPTIONS, enabled: false, queries, ...recent };
  if (cliDestination !== undefined) {
    return { enabled: true, destination: destination(cliDestination, (p) => resolve(p), mode), queries, ...recent };
  }
  const path = section.path ?? STDERR_DESTINATION;
  return {
    enabled: section.enabled ?? true,
    destination: destination(path, (p) => (file ? resolveFromConfig(file, p) : resolve(p)), mode),
    queries,
    ...recent,
  };
}

type OtlpSection = NonNullable<NonNullable<LoadedConfigFile['config']['audit']>['otlp']>;

/** The export's options, each header secret read from the environment now (an unset variable fails the start). */
function withHeadersResolved(otlp: OtlpSection, env: Readonly<Record<string, string | undefined>>) {
  const { headers, ...rest } = otlp;
  if (!headers) return rest;
  const resolved = Object.entries(headers).map(([name, value]) => [
    name,
    resolveEnvSecret(value, `audit.otlp.headers.${name}`, env),
  ]);
  return { ...rest, headers: Object.fromEntries(resolved) as Record<string, string> };
}
