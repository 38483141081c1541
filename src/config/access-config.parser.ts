import { type AccessProfileConfig, parseKeyHash, type ToolMode } from '@myko/access';
import { ClientFilters, FilterParseError, type FilterSpec, quote } from '@myko/filter';
import { parseConnectorOptions } from '@myko/openapi';
import { AccessConfigError, type AccessConfigIssue } from './access-config.error';
import { parseFairnessConfig } from './fairness-config.parser';
import type { AccessConfig, AdminConfig, AuditConfig } from './interfaces/access-config.interface';
import { locateJsonSyntaxError } from './json-syntax.locator';
import { parseLimitsConfig } from './limits-config.parser';
import { parseOAuthConfig } from './oauth-config.parser';
import { parseObservabilityConfig } from './observability-config.parser';
import { parseProfileQuotas } from './profile-quotas.parser';
import { parseProtocolConfig } from './protocol-config.parser';
import { parseRedisConfig } from './redis-config.parser';
import { parseSandboxConfig } from './sandbox-config.parser';
import { parseTrustedProxies } from './trusted-proxies-config.parser';
import { unknownPropertyMessage } from './unknown-property.message';

type Json = Record<string, unknown>;

const TOOL_MODES: readonly ToolMode[] = ['code', 'direct', 'both'];
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const ROOT = '(root)';
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
const AUDIT_KEYS = ['enabled', 'path', 'queries', 'recentLines', 'otlp'];
const AUDIT_OTLP_KEYS = ['endpoint', 'headers', 'serviceName'];
/** The most lines an audit query may keep: a bound on memory (and on the Redis stream). */
const MAX_RECENT_AUDIT_LINES = 1_000_000;
const PROFILE_KEYS = [
  'description',
  'keys',
  'visibility',
  'callable',
  'approval',
  'toolMode',
  'typeCheck',
  'resultBudgetBytes',
  'quotas',
];
/** The least `profiles.<name>.resultBudgetBytes`, as the server's `sandbox.resultBudgetBytes`. */
const MIN_RESULT_BUDGET = 1_024;
const TYPE_CHECKS = ['strict', 'warn', 'off'] as const;
const SIDES = ['allow', 'deny'] as const;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Collects every problem with its path, so one run reports them all. */
class Validator {
  readonly issues: AccessConfigIssue[] = [];
  /** A rejected key or `auth.required` makes "no profile has keys" a guess, so it is not reported. */
  keysUncertain = false;
  private readonly keyOwners = new Map<string, string>();

  add(path: string, problem: string): void {
    this.issues.push({ path, problem });
  }

  object(value: unknown, path: string, known: readonly string[]): Json | undefined {
    if (!isObject(value)) {
      this.add(path, `expected an object`);
      return undefined;
    }
    for (const key of Object.keys(value)) {
      if (!known.includes(key)) this.add(path === ROOT ? key : `${path}.${key}`, unknownPropertyMessage(key, known));
    }
    return value;
  }

  resultBudget(value: unknown, path: string): number | undefined {
    if (value === undefined) return undefined;
    if (Number.isSafeInteger(value) && (value as number) >= MIN_RESULT_BUDGET) return value as number;
    this.add(path, `expected a whole number of at least ${MIN_RESULT_BUDGET}`);
    return undefined;
  }

  toolMode(value: unknown, path: string): ToolMode | undefined {
    if (value === undefined) return undefined;
    if (TOOL_MODES.includes(value as ToolMode)) return value as ToolMode;
    this.add(path, `expected one of ${TOOL_MODES.map((m) => `"${m}"`).join(', ')}, got ${quote(value)}`);
    return undefined;
  }

  typeCheck(value: unknown, path: string): (typeof TYPE_CHECKS)[number] | undefined {
    if (value === undefined) return undefined;
    if (TYPE_CHECKS.includes(value as (typeof TYPE_CHECKS)[number])) return value as (typeof TYPE_CHECKS)[number];
    this.add(path, `expected one of ${TYPE_CHECKS.map((m) => `"${m}"`).join(', ')}, got ${quote(value)}`);
    return undefined;
  }

  keys(value: unknown, path: string): string[] {
    if (value === undefined) return [];
    if (!Array.isArray(value)) {
      this.keysUncertain = true;
      this.add(path, 'expected an array of "sha256:<hex>" key hashes');
      return [];
    }
    return value.flatMap((stored, i) => {
      const at = `${path}[${i}]`;
      const digest = typeof stored === 'string' ? parseKeyHash(stored) : undefined;
      if (!digest) {
        this.keysUncertain = true;
        this.add(at, 'expected "sha256:" followed by 64 hex digits (the SHA-256 of the key, never the key itself)');
        return [];
      }
      const hex = digest.toString('hex');
      const owner = this.keyOwners.get(hex);
      if (owner) this.add(at, `the same key is already listed at ${owner}; a key must select one profile`);
      else this.keyOwners.set(hex, at);
      return [`sha256:${hex}`];
    });
  }

  /** Each filter part is compiled on its own so every malformed part is reported. */
  filters(profile: Json, path: string): Pick<AccessProfileConfig, 'visibility' | 'callable' | 'approval'> {
    const visibility = this.part(profile.visibility, `${path}.visibility`, Array.isArray, 'an array of glob patterns');
    const callable = this.part(
      profile.callable,
      `${path}.callable`,
      isObject,
      'an object {"<tool>": {"<arg>": [<values>]}}',
    );
    for (const side of SIDES) {
      if (visibility?.[side] !== undefined) this.compile({ visibility: { [side]: visibility[side] } }, path);
      if (callable?.[side] !== undefined) this.compile({ callable: { [side]: callable[side] } }, path);
    }
    const approval = this.approval(profile.approval, `${path}.approval`);
    return { ...(visibility && { visibility }), ...(callable && { callable }), ...(approval && { approval }) };
  }

  /** A list of globs, like a visibility list; each malformed one is reported. */
  private approval(value: unknown, path: string): string[] | undefined {
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) {
      this.add(path, 'expected an array of glob patterns');
      return undefined;
    }
    const before = this.issues.length;
    this.compile({ approval: value as string[] }, path.slice(0, -'.approval'.length));
    return this.issues.length === before ? (value as string[]) : undefined;
  }

  private part(value: unknown, path: string, valid: (v: unknown) => boolean, expected: string): Json | undefined {
    if (value === undefined) return undefined;
    const part = this.object(value, path, SIDES);
    const invalid = SIDES.filter((side) => part?.[side] !== undefined && !valid(part[side]));
    for (const side of invalid) this.add(`${path}.${side}`, `expected ${expected}`);
    return invalid.length === 0 ? part : undefined;
  }

  private compile(spec: FilterSpec, path: string): void {
    try {
      ClientFilters.from(spec, path);
    } catch (error) {
      if (!(error instanceof FilterParseError)) throw error;
      this.add(error.source, error.problem);
    }
  }
}

function resultBudget(bytes: number | undefined): { resultBudgetBytes?: number } {
  return bytes === undefined ? {} : { resultBudgetBytes: bytes };
}

function parseProfile(v: Validator, value: unknown, path: string): AccessProfileConfig | undefined {
  const profile = v.object(value, path, PROFILE_KEYS);
  if (!profile) return undefined;
  if (profile.description !== undefined && typeof profile.description !== 'string') {
    v.add(`${path}.description`, 'expected a string');
  }
  const quotas = parseProfileQuotas(profile.quotas, `${path}.quotas`, (at, problem) => v.add(at, problem));
  return {
    ...(typeof profile.description === 'string' ? { description: profile.description } : {}),
    keys: v.keys(profile.keys, `${path}.keys`),
    ...v.filters(profile, path),
    ...(profile.toolMode !== undefined ? { toolMode: v.toolMode(profile.toolMode, `${path}.toolMode`) } : {}),
    ...(profile.typeCheck !== undefined ? { typeCheck: v.typeCheck(profile.typeCheck, `${path}.typeCheck`) } : {}),
    ...resultBudget(v.resultBudget(profile.resultBudgetBytes, `${path}.resultBudgetBytes`)),
    ...(quotas ? { quotas } : {}),
  };
}

function parseProfiles(v: Validator, value: unknown): Record<string, AccessProfileConfig> {
  if (value === undefined) return {};
  if (!isObject(value)) {
    v.add('profiles', 'expected an object mapping profile names to profiles');
    return {};
  }
  const result: Record<string, AccessProfileConfig> = {};
  for (const [name, profile] of Object.entries(value)) {
    const path = `profiles.${name}`;
    if (!PROFILE_NAME.test(name))
      v.add(path, 'a profile name is 1-64 letters, digits, _ . - (starting with a letter or digit)');
    const parsed = parseProfile(v, profile, path);
    if (parsed) result[name] = parsed;
  }
  return result;
}

function parseAuth(v: Validator, value: unknown): { required: boolean } {
  if (value === undefined) return { required: true };
  const auth = v.object(value, 'auth', ['required']);
  if (auth?.required !== undefined && typeof auth.required !== 'boolean') {
    v.add('auth.required', 'expected true or false');
    v.keysUncertain = true;
  }
  return { required: auth?.required !== false };
}

function parseAudit(v: Validator, value: unknown): AuditConfig | undefined {
  if (value === undefined) return undefined;
  const audit = v.object(value, 'audit', AUDIT_KEYS);
  if (!audit) return undefined;
  for (const flag of ['enabled', 'queries'] as const) {
    if (audit[flag] !== undefined && typeof audit[flag] !== 'boolean') v.add(`audit.${flag}`, 'expected true or false');
  }
  if (audit.path !== undefined && (typeof audit.path !== 'string' || audit.path.trim() === '')) {
    v.add('audit.path', 'expected "stderr" or the path of a file to append to');
  }
  const recent = audit.recentLines;
  const validRecent =
    Number.isInteger(recent) && (recent as number) >= 0 && (recent as number) <= MAX_RECENT_AUDIT_LINES;
  if (recent !== undefined && !validRecent) {
    v.add('audit.recentLines', `expected a whole number from 0 to ${MAX_RECENT_AUDIT_LINES}`);
  }
  const otlp = parseAuditOtlp(v, audit.otlp);
  return {
    ...(validRecent ? { recentLines: recent as number } : {}),
    ...(otlp ? { otlp } : {}),
    ...(typeof audit.enabled === 'boolean' ? { enabled: audit.enabled } : {}),
    ...(typeof audit.path === 'string' ? { path: audit.path } : {}),
    ...(typeof audit.queries === 'boolean' ? { queries: audit.queries } : {}),
  };
}

function parseAuditOtlp(v: Validator, value: unknown): AuditConfig['otlp'] {
  if (value === undefined) return undefined;
  const otlp = v.object(value, 'audit.otlp', AUDIT_OTLP_KEYS);
  if (!otlp) return undefined;
  const { endpoint, headers, serviceName } = otlp;
  if (typeof endpoint !== 'string' || !/^https?:\/\/\S+$/.test(endpoint)) {
    v.add('audit.otlp.endpoint', 'expected the http(s) URL of an OTLP/HTTP collector');
  }
  const stringMap = isObject(headers) && Object.values(headers).every((header) => typeof header === 'string');
  if (headers !== undefined && !stringMap) v.add('audit.otlp.headers', 'expected an object of string header values');
  if (serviceName !== undefined && (typeof serviceName !== 'string' || serviceName.trim() === '')) {
    v.add('audit.otlp.serviceName', 'expected a non-empty string');
  }
  return {
    endpoint: String(endpoint),
    ...(stringMap ? { headers: headers as Record<string, string> } : {}),
    ...(typeof serviceName === 'string' ? { serviceName } : {}),
  };
}

function parsePlugins(v: Validator, value: unknown): string[] | undefined {
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

const ADMIN_PATH = /^\/[A-Za-z0-9_./-]*[A-Za-z0-9_-]$/;

/** One RFC 6749 scope-token: printable ASCII without space, `"` or `\\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/**
 * `admin`: its keys are checked with the profiles' (a key selects one profile, or is an admin key); a
 * `scope` (an OAuth scope that makes a verified bearer token an admin credential) may stand beside them or instead.
 */
function parseAdmin(v: Validator, value: unknown, oauth: unknown): AdminConfig | undefined {
  if (value === undefined) return undefined;
  const admin = v.object(value, 'admin', ['keys', 'path', 'scope']);
  if (!admin) return undefined;
  if (admin.keys === undefined && admin.scope === undefined) {
    v.add('admin.keys', 'expected the admin API keys\' "sha256:<hex>" hashes (or an admin.scope)');
  }
  const keys = admin.keys === undefined ? [] : v.keys(admin.keys, 'admin.keys');
  if (
    admin.path !== undefined &&
    (typeof admin.path !== 'string' || !ADMIN_PATH.test(admin.path) || admin.path.includes('..'))
  ) {
    v.add('admin.path', `expected a path such as "/admin", got ${quote(admin.path)}`);
  }
  const scope = parseAdminScope(v, admin.scope, oauth);
  return {
    keys,
    ...(typeof admin.path === 'string' ? { path: admin.path } : {}),
    ...(scope === undefined ? {} : { scope }),
  };
}

function parseAdminScope(v: Validator, scope: unknown, oauth: unknown): string | undefined {
  if (scope === undefined) return undefined;
  if (typeof scope !== 'string' || !SCOPE_TOKEN.test(scope)) {
    v.add('admin.scope', `expected one OAuth scope such as "myko:admin" (no spaces), got ${quote(scope)}`);
    return undefined;
  }
  if (oauth === undefined) v.add('admin.scope', 'needs the oauth section: without it no bearer token is verified');
  return scope;
}

function parseRoot(v: Validator, root: Json): AccessConfig {
  const auth = parseAuth(v, root.auth);
  const profiles = parseProfiles(v, root.profiles);
  const admin = parseAdmin(v, root.admin, root.oauth);
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
  const audit = parseAudit(v, root.audit);
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
  const v = new Validator();
  const root = v.object(value, ROOT, ROOT_KEYS);
  const config = root ? parseRoot(v, root) : undefined;
  if (v.issues.length > 0 || !config) throw new AccessConfigError(source, v.issues);
  return config;
}
