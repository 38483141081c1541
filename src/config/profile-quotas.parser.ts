import { type ProfileQuotas, QUOTA_NAMES, type QuotaLimit, type QuotaScope } from '@myko/access';
import { isObject } from './json-object';
import { isQuotaLimit, QUOTA_TABLE, quotaBound } from './profile-quotas.table';
import { unknownPropertyMessage } from './unknown-property.message';

type Add = (path: string, problem: string) => void;

const QUOTA_KEYS = ['limit', 'per'];

function unknownKeys(value: Record<string, unknown>, known: readonly string[], path: string, add: Add): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) add(`${path}.${key}`, unknownPropertyMessage(key, known));
  }
}

/** One quota: a number (per principal) or `{ "limit", "per" }`. */
function parseQuota(name: keyof typeof QUOTA_TABLE, value: unknown, path: string, add: Add): QuotaLimit | undefined {
  const spec = QUOTA_TABLE[name];
  const scopes = spec.scopes.map((scope) => `"${scope}"`).join(' or ');
  if (!isObject(value)) {
    if (isQuotaLimit(spec, value)) return { limit: value, per: 'principal' };
    add(path, `expected ${quotaBound(spec)}, or {"limit": <number>, "per": ${scopes}}`);
    return undefined;
  }
  unknownKeys(value, QUOTA_KEYS, path, add);
  const limitOk = isQuotaLimit(spec, value.limit);
  if (!limitOk) add(`${path}.limit`, `expected ${quotaBound(spec)}`);
  const per = value.per ?? 'principal';
  const perOk = spec.scopes.includes(per as QuotaScope);
  if (!perOk) add(`${path}.per`, `expected ${scopes}`);
  return limitOk && perOk ? { limit: value.limit as number, per: per as QuotaScope } : undefined;
}

/**
 * Validates `profiles.<name>.quotas`; each problem goes to `add` with its path
 * (`profiles.partners.quotas.runsAtOnce.per`). Returns the quotas that were valid.
 */
export function parseProfileQuotas(value: unknown, path: string, add: Add): ProfileQuotas | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) {
    add(path, 'expected an object of quotas');
    return undefined;
  }
  unknownKeys(value, QUOTA_NAMES, path, add);
  const quotas: Record<string, QuotaLimit> = {};
  for (const name of QUOTA_NAMES) {
    if (value[name] === undefined) continue;
    const quota = parseQuota(name, value[name], `${path}.${name}`, add);
    if (quota) quotas[name] = quota;
  }
  return quotas;
}
