import { quote } from '@myko/filter';
import { parseConnectorOptions } from '@myko/openapi';
import { AccessConfigError } from './access-config.error';
import { AccessConfigValidator, type Json, ROOT } from './access-config.validator';
import { parseAdminConfig } from './admin-config.parser';
import { parseAuditConfig } from './audit-config.parser';
import { parseFairnessConfig } from './fairness-config.parser';
import type { AccessConfig } from './interfaces/access-config.interface';
import { locateJsonSyntaxError } from './json-syntax.locator';
import { parseLimitsConfig } from './limits-config.parser';
import { parseOAuthConfig } from './oauth-config.parser';
import { parseObservabilityConfig } from './observability-config.parser';
import { parseProfilesConfig } from './profiles-config.parser';
import { parseProtocolConfig } from './protocol-config.parser';
import { parseRedisConfig } from './redis-config.parser';
import { parseSandboxConfig } from './sandbox-config.parser';
import { parseTrustedProxies } from './trusted-proxies-config.parser';

// The access config's root: its own small keys here; each larger section has its parser (`*-config.parser.ts`).

const ROOT_KEYS = [
  '$schema',
  'auth',
  'profiles',
  'defaultProfile',
  'toolMode',
  'typeCheck',
  'audit',
  'limits',
  'sandbox',
  'plugins',
  'protocol',
  'requestState',
  'oauth',
  'observability',
  'redis',
  'connectors',
  'trustedProxies',
  'fairness',
  'admin',
];

function parseAuth(v: AccessConfigValidator, value: unknown): { required: boolean } {
  if (value === undefined) return { required: true };
  const auth = v.object(value, 'auth', ['required']);
  if (auth?.required !== undefined && typeof auth.required !== 'boolean') {
    v.add('auth.required', 'expected true or false');
    v.keysUncertain = true;
  }
  return { required: auth?.required !== false };
}

function parsePlugins(v: AccessConfigValidator, value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    v.add('plugins', 'expected an array of plugin module paths');
    return undefined;
  }
  value.forEach((path, i) => {
    if (typeof path !== 'string' || path.trim() === '')
      v.add(`plugins[${i}]`, 'expected the path of a JavaScript module');
  });
  return value.filter((path): path is string => typeof path === 'string' && path.trim() !== '');
}

function parseRoot(v: AccessConfigValidator, root: Json): AccessConfig {
  const auth = parseAuth(v, root.auth);
  const profiles = parseProfilesConfig(v, root.profiles);
  const admin = parseAdminConfig(v, root.admin, root.oauth);
  const defaultProfile = root.defaultProfile;
  if (
    defaultProfile !== undefined &&
    (typeof defaultProfile !== 'string' || !Object.hasOwn(profiles, defaultProfile))
  ) {
    v.add(
      'defaultProfile',
      `${quote(defaultProfile)} is not one of the profiles (${Object.keys(profiles).join(', ') || 'none'})`,
    );
  }
  const oauth = parseOAuthConfig(root.oauth, Object.keys(profiles), (path, problem) => v.add(path, problem));
  const noKeys = !Object.values(profiles).some((p) => p.keys.length > 0);
  if (auth.required && noKeys && !oauth && !v.keysUncertain) {
    v.add(
      'auth.required',
      'auth is required (the default) but no profile has keys and there is no oauth section, so no client could connect; add keys or set "required": false',
    );
  }
  const toolMode = v.toolMode(root.toolMode, 'toolMode');
  const typeCheck = v.typeCheck(root.typeCheck, 'typeCheck');
  const audit = parseAuditConfig(v, root.audit);
  const limits = parseLimitsConfig(root.limits, (path, problem) => v.add(path, problem));
  const sandbox = parseSandboxConfig(root.sandbox, (path, problem) => v.add(path, problem));
  const plugins = parsePlugins(v, root.plugins);
  const protocol = parseProtocolConfig(root.protocol, root.requestState, (path, problem) => v.add(path, problem));
  const observability = parseObservabilityConfig(root.observability, (path, problem) => v.add(path, problem));
  const redis = parseRedisConfig(root.redis, (path, problem) => v.add(path, problem));
  const trustedProxies = parseTrustedProxies(root.trustedProxies, (path, problem) => v.add(path, problem));
  const fairness = parseFairnessConfig(root.fairness, (path, problem) => v.add(path, problem));
  const connectors =
    root.connectors === undefined
      ? undefined
      : parseConnectorOptions(root.connectors, 'connectors', (path, problem) => v.add(path, problem));
  return {
    ...protocol,
    auth,
    profiles,
    ...(typeof defaultProfile === 'string' ? { defaultProfile } : {}),
    ...(toolMode ? { toolMode } : {}),
    ...(typeCheck ? { typeCheck } : {}),
    ...(audit ? { audit } : {}),
    ...(limits ? { limits } : {}),
    ...(sandbox ? { sandbox } : {}),
    ...(plugins ? { plugins } : {}),
    ...(oauth ? { oauth } : {}),
    ...(observability ? { observability } : {}),
    ...(redis ? { redis } : {}),
    ...(connectors ? { connectors } : {}),
    ...(trustedProxies ? { trustedProxies } : {}),
    ...(fairness ? { fairness } : {}),
    ...(admin ? { admin } : {}),
  };
}

/**
 * Validates an access config: JSON text or an already-parsed value. Throws {@link AccessConfigError}
 * listing every problem with its path (`profiles.ops.keys[0]`, `profiles.ops.visibility.allow[2]`).
 * @param source names the config in the error (a file path, `MYKO_CONFIG`)
 * @publicApi
 */
export function parseAccessConfig(input: unknown, source = 'config'): AccessConfig {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (error) {
      const { line, column, reason, excerpt } = locateJsonSyntaxError(input, error);
      const problem = `not valid JSON: ${reason}\n${excerpt}`;
      throw new AccessConfigError(source, [{ path: `line ${line}, column ${column}`, problem }]);
    }
  }
  const v = new AccessConfigValidator();
  const root = v.object(value, ROOT, ROOT_KEYS);
  const config = root ? parseRoot(v, root) : undefined;
  if (v.issues.length > 0 || !config) throw new AccessConfigError(source, v.issues);
  return config;
}
