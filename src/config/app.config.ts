import { dirname, resolve } from 'node:path';
import { type AccessProfile, type AccessProfiles, hashApiKey, type ProfileQuotas, type ToolMode } from '@myko/access';
import type { DispatchModuleOptions } from '@myko/dispatch';
import { resolveGatewaysOptions } from '@myko/gateways';
import { documentLocation, type OpenApiConnectorOptions } from '@myko/openapi';
import { REDIS_URL_ENV, redisUrlProblem, type StateModuleOptions } from '@myko/state';
import type { CliMode, CliOptions } from '../cli/cli.parser';
import type { AppConfig } from './app-config.interface';
import { resolveAuditOptions } from './audit-options.resolver';
import { isLoopbackHost } from './bind-address';
import { ConfigError } from './config.error';
import { type LoadedConfigFile, loadConfigFile, resolveFromConfig } from './config-file.loader';
import type { AdminConfig } from './interfaces/access-config.interface';
import { packageVersion } from './package-version';
import { sandboxDispatchOptions } from './sandbox-options.mapper';
import { badTrustedProxy } from './trusted-proxies-config.parser';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 5155;
export const DEFAULT_DATABASE_PATH = './data/myko.db';
/** Environment variables read at start when the matching flag is not given. */
export const CONFIG_ENV = 'MYKO_CONFIG';
export const PROFILE_ENV = 'MYKO_PROFILE';
/** An admin key of the admin API (`/admin`), beside the config file's `admin.keys`; it is kept only as its hash. */
export const ADMIN_KEY_ENV = 'MYKO_ADMIN_KEY';

/** Bind addresses already covered by the default Host/Origin allow-lists, or that name no host. */
const LOOPBACK_OR_ANY = new Set(['127.0.0.1', 'localhost', '::1', '[::1]', '0.0.0.0', '::', '[::]']);

type Env = Readonly<Record<string, string | undefined>>;

function databasePath(path: string): string {
  return path === ':memory:' ? path : resolve(path);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/**
 * The profile stdio serves as: the named one, else the default profile. Without either, a config
 * that requires auth refuses to start rather than serve everything.
 */
function stdioProfile(access: AccessProfiles | undefined, name: string | undefined): AccessProfile | undefined {
  if (!access) {
    if (name !== undefined)
      throw new ConfigError(`profile "${name}" was asked for, but no config file is given (--config or ${CONFIG_ENV})`);
    return undefined;
  }
  if (name === undefined) {
    if (access.defaultProfile || !access.authRequired) return access.defaultProfile;
    throw new ConfigError(
      `the config requires auth but names no profile for stdio: pass --profile-name or set ${PROFILE_ENV} (or a "defaultProfile")`,
    );
  }
  const profile = access.byName(name);
  if (!profile) {
    const known =
      access
        .list()
        .map((p) => p.name)
        .join(', ') || 'none';
    throw new ConfigError(`unknown profile "${name}" (--profile-name / ${PROFILE_ENV}); the config has: ${known}`);
  }
  return profile;
}

/** Anyone who can reach a non-loopback address could call every operation unless keys are required. */
function checkExposure(host: string, access: AccessProfiles | undefined, insecure: boolean, warnings: string[]): void {
  if (isLoopbackHost(host) || access?.authRequired) return;
  const keyless = access?.defaultProfile ? `the "${access.defaultProfile.name}" profile` : 'every operation';
  if (!insecure) {
    throw new ConfigError(
      `${host} is not a loopback address and no API key is required: anyone who can reach it would get ${keyless}. ` +
        'Require API keys in an access config (--config with "auth": {"required": true}), bind a loopback address, ' +
        'or pass --insecure-no-auth to accept the risk.',
    );
  }
  warnings.push(
    `--insecure-no-auth: serving on ${host} without authentication; any client that reaches it gets ${keyless}`,
  );
}

/**
 * The server's tool mode (`--tool-mode`, else the config file's root `toolMode`, else `code`) and
 * the profiles that override it.
 */
function toolModes(
  cli: ToolMode | undefined,
  file: LoadedConfigFile | undefined,
): Pick<DispatchModuleOptions, 'toolMode' | 'profileToolModes'> {
  const profileToolModes: Record<string, ToolMode> = {};
  for (const [name, profile] of Object.entries(file?.config.profiles ?? {})) {
    if (profile.toolMode) profileToolModes[name] = profile.toolMode;
  }
  return { toolMode: cli ?? file?.config.toolMode ?? 'code', profileToolModes };
}

/** The config file's `typeCheck` (root, and per profile) and each profile's `resultBudgetBytes` into `execute`'s options. */
function withTypeChecks(
  options: Pick<DispatchModuleOptions, 'sandbox' | 'execute'>,
  file: LoadedConfigFile | undefined,
): Pick<DispatchModuleOptions, 'sandbox' | 'execute'> {
  const profileTypeChecks: Record<string, 'strict' | 'warn' | 'off'> = {};
  const profileResultBudgets: Record<string, number> = {};
  for (const [name, profile] of Object.entries(file?.config.profiles ?? {})) {
    if (profile.typeCheck) profileTypeChecks[name] = profile.typeCheck;
    if (profile.resultBudgetBytes) profileResultBudgets[name] = profile.resultBudgetBytes;
  }
  const typeCheck = file?.config.typeCheck;
  const budgets = Object.keys(profileResultBudgets).length > 0 ? { profileResultBudgets } : {};
  if (!typeCheck && Object.keys(profileTypeChecks).length === 0 && !budgets.profileResultBudgets) return options;
  const execute = { ...options.execute, ...(typeCheck ? { typeCheck } : {}), profileTypeChecks, ...budgets };
  return { ...options, execute };
}

/** The config file's `fairness` section and each profile's `quotas`, into the dispatch's options. */
function fairnessAndQuotas(
  file: LoadedConfigFile | undefined,
): Pick<DispatchModuleOptions, 'fairness' | 'profileQuotas'> {
  const profileQuotas: Record<string, ProfileQuotas> = {};
  for (const [name, profile] of Object.entries(file?.config.profiles ?? {})) {
    if (profile.quotas) profileQuotas[name] = profile.quotas;
  }
  const fairness = file?.config.fairness;
  return { ...(fairness ? { fairness } : {}), profileQuotas };
}

/** `--redis`, else `MYKO_REDIS_URL`, else the config file's `redis.url`; without any, state stays in memory. */
function stateOptions(cli: string | undefined, env: Env, file: LoadedConfigFile | undefined): StateModuleOptions {
  const fromEnv = nonEmpty(env[REDIS_URL_ENV]);
  const problem = cli === undefined && fromEnv !== undefined ? redisUrlProblem(fromEnv) : undefined;
  if (problem) throw new ConfigError(`${REDIS_URL_ENV}: ${problem}`);
  const url = cli ?? fromEnv ?? file?.config.redis?.url;
  if (url === undefined) return {};
  const keyPrefix = file?.config.redis?.keyPrefix;
  return { redis: { url, ...(keyPrefix === undefined ? {} : { keyPrefix }) } };
}

/** `--plugin` files from the working directory, then the config file's from its directory; each once. */
function pluginPaths(cli: readonly string[] | undefined, file: LoadedConfigFile | undefined): string[] {
  const fromFile = (file?.config.plugins ?? []).map((path) => resolveFromConfig(file as LoadedConfigFile, path));
  return [...new Set([...(cli ?? []).map((path) => resolve(path)), ...fromFile])];
}

/** The config file's connectors, each relative `document` and `refRoots` path read from the file's directory. */
function connectorsOf(file: LoadedConfigFile | undefined): OpenApiConnectorOptions[] {
  const dir = dirname(file?.path ?? '.');
  return (file?.config.connectors ?? []).map((connector) => ({
    ...connector,
    document: documentLocation(connector.document, dir),
    ...(connector.refRoots ? { refRoots: connector.refRoots.map((root) => documentLocation(root, dir)) } : {}),
  }));
}

/** The config file's `trustedProxies` and `--trusted-proxy`'s, each once. */
function trustedProxies(cli: readonly string[] | undefined, file: LoadedConfigFile | undefined): string[] {
  const bad = badTrustedProxy(cli ?? []);
  if (bad !== undefined) throw new ConfigError(`--trusted-proxy: "${bad}" is not an IP address or CIDR range`);
  return [...new Set([...(file?.config.trustedProxies ?? []), ...(cli ?? [])])];
}

/**
 * Builds the service configuration from the command line, the environment (`MYKO_CONFIG`,
 * `MYKO_PROFILE`, `MYKO_REDIS_URL`) and the defaults, reading and validating the config file. Throws `ConfigError`
 * for anything that must stop the start. A non-loopback `--host` is added to the Host/Origin
 * allow-lists, so binding a named interface works without extra flags.
 */
export function createAppConfig(mode: CliMode, cli: Partial<CliOptions> = {}, env: Env = process.env): AppConfig {
  const configPath = cli.configPath ?? nonEmpty(env[CONFIG_ENV]);
  const file = configPath === undefined ? undefined : loadConfigFile(configPath);
  const access = file?.access;
  const host = cli.host ?? DEFAULT_HOST;
  const warnings: string[] = [...(cli.deprecations ?? [])];
  if (mode === 'serve') checkExposure(host, access, cli.insecureNoAuth === true, warnings);
  const profile = mode === 'stdio' ? stdioProfile(access, cli.profileName ?? nonEmpty(env[PROFILE_ENV])) : undefined;
  const defaults = resolveGatewaysOptions();
  const bound = LOOPBACK_OR_ANY.has(host) ? [] : [host];
  return {
    mode,
    host,
    port: cli.port ?? DEFAULT_PORT,
    databasePath: databasePath(cli.databasePath ?? DEFAULT_DATABASE_PATH),
    serverProfile: cli.serverProfile ?? 'default',
    plugins: pluginPaths(cli.plugins, file),
    ...(file ? { configPath: file.path } : {}),
    ...(access ? { access } : {}),
    ...(profile ? { profile } : {}),
    audit: resolveAuditOptions(mode, file, cli.auditLog, env),
    connectors: connectorsOf(file),
    warnings,
    ...(cli.synthetic ? { synthetic: cli.synthetic } : {}),
    state: stateOptions(cli.redisUrl, env, file),
    ...adminOf(file?.config.admin, nonEmpty(env[ADMIN_KEY_ENV])),
    dispatch: {
      serverInfo: { name: 'myko-nest', title: 'myko-nest', version: packageVersion() },
      ...toolModes(cli.toolMode, file),
      ...withTypeChecks(sandboxDispatchOptions(file?.config.sandbox), file),
      ...fairnessAndQuotas(file),
      ...(file?.config.protocol ? { protocol: file.config.protocol } : {}),
      ...(file?.config.requestState ? { requestState: file.config.requestState } : {}),
    },
    gateways: {
      ...file?.config.limits,
      allowedHosts: [...defaults.allowedHosts, ...bound, ...(cli.allowedHosts ?? [])],
      allowedOrigins: [...defaults.allowedOrigins, ...bound, ...(cli.allowedOrigins ?? [])],
      trustedProxies: trustedProxies(cli.trustedProxies, file),
      ...(access ? { access } : {}),
      ...file?.config.observability,
      ...(cli.shutdownGraceMs === undefined ? {} : { shutdownGraceMs: cli.shutdownGraceMs }),
    },
  };
}

/** The admin API's options: the config file's `admin` with the environment's key (as its hash) among its keys. */
function adminOf(admin: AdminConfig | undefined, envKey: string | undefined) {
  const keys = [...(admin?.keys ?? []), ...(envKey ? [hashApiKey(envKey)] : [])];
  return keys.length > 0 || admin?.scope !== undefined ? { admin: { ...admin, keys } } : {};
}
