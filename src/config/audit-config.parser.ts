import type { AccessConfigValidator } from './access-config.validator';
import { isObject } from './access-config.validator';
import { type EnvSecret, envSecretProblems } from './env-secret';
import type { AuditConfig } from './interfaces/access-config.interface';

const AUDIT_KEYS = ['enabled', 'path', 'queries', 'recentLines', 'otlp'];
const AUDIT_OTLP_KEYS = ['endpoint', 'headers', 'serviceName'];
/** The most lines an audit query may keep: a bound on memory (and on the Redis stream). */
const MAX_RECENT_AUDIT_LINES = 1_000_000;

/** The access config's `audit` section, its `otlp` export included; problems go to `v`. */
export function parseAuditConfig(v: AccessConfigValidator, value: unknown): AuditConfig | undefined {
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

function parseAuditOtlp(v: AccessConfigValidator, value: unknown): AuditConfig['otlp'] {
  if (value === undefined) return undefined;
  const otlp = v.object(value, 'audit.otlp', AUDIT_OTLP_KEYS);
  if (!otlp) return undefined;
  const { endpoint, headers, serviceName } = otlp;
  if (typeof endpoint !== 'string' || !/^https?:\/\/\S+$/.test(endpoint)) {
    v.add('audit.otlp.endpoint', 'expected the http(s) URL of an OTLP/HTTP collector');
  }
  const headerMap = parseOtlpHeaders(v, headers);
  if (serviceName !== undefined && (typeof serviceName !== 'string' || serviceName.trim() === '')) {
    v.add('audit.otlp.serviceName', 'expected a non-empty string');
  }
  return {
    endpoint: String(endpoint),
    ...(headerMap ? { headers: headerMap } : {}),
    ...(typeof serviceName === 'string' ? { serviceName } : {}),
  };
}

/** Each header a string, or a secret from the environment (`{ "fromEnv", "scheme"? }`, resolved at start). */
function parseOtlpHeaders(v: AccessConfigValidator, headers: unknown): Record<string, string | EnvSecret> | undefined {
  if (headers === undefined) return undefined;
  if (!isObject(headers)) {
    v.add('audit.otlp.headers', 'expected an object of header values (strings, or {"fromEnv": "<VAR>"})');
    return undefined;
  }
  const problems = Object.entries(headers).flatMap(([name, value]) =>
    envSecretProblems(value, `audit.otlp.headers.${name}`),
  );
  for (const [path, problem] of problems) v.add(path, problem);
  return problems.length === 0 ? (headers as Record<string, string | EnvSecret>) : undefined;
}
