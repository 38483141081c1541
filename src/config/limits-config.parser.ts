import { GATEWAYS_OPTION_TABLE } from '@myko/gateways';
import { configFileOptions, isWholeAtLeast } from '@myko/options';
import type { LimitsConfig } from './interfaces/limits-config.interface';
import { isObject } from './json-object';
import { unknownPropertyMessage } from './unknown-property.message';

type Add = (path: string, problem: string) => void;

/** The whole-number limits of the `limits` section (0 allowed: off). */
const LIMIT_COUNT_KEYS = configFileOptions(GATEWAYS_OPTION_TABLE);
const LIMIT_KEYS: readonly string[] = [...LIMIT_COUNT_KEYS, 'rateLimit'];
const RATE_KEYS = ['requestsPerSecond', 'burst'];

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function unknownKeys(value: Record<string, unknown>, known: readonly string[], path: string, add: Add): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) add(`${path}.${key}`, unknownPropertyMessage(key, known));
  }
}

function parseRateLimit(value: unknown, add: Add): LimitsConfig['rateLimit'] | undefined {
  if (value === false) return false;
  if (!isObject(value)) {
    add('limits.rateLimit', 'expected false or {"requestsPerSecond": <number>, "burst": <whole number>}');
    return undefined;
  }
  unknownKeys(value, RATE_KEYS, 'limits.rateLimit', add);
  const { requestsPerSecond, burst } = value;
  const rateOk = typeof requestsPerSecond === 'number' && Number.isFinite(requestsPerSecond) && requestsPerSecond > 0;
  if (!rateOk) add('limits.rateLimit.requestsPerSecond', 'expected a number above 0');
  const burstOk = burst === undefined || (isCount(burst) && burst >= 1);
  if (!burstOk) add('limits.rateLimit.burst', 'expected a whole number of at least 1');
  if (!rateOk || !burstOk) return undefined;
  return { requestsPerSecond: requestsPerSecond as number, ...(burst === undefined ? {} : { burst: burst as number }) };
}

/**
 * Validates the `limits` section; each problem goes to `add` with its path (`limits.maxSessions`).
 * Returns the limits that were valid.
 */
export function parseLimitsConfig(value: unknown, add: Add): LimitsConfig | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) {
    add('limits', 'expected an object');
    return undefined;
  }
  unknownKeys(value, LIMIT_KEYS, 'limits', add);
  const limits: Record<string, unknown> = {};
  for (const key of LIMIT_COUNT_KEYS) {
    if (value[key] === undefined) continue;
    const { minimum } = GATEWAYS_OPTION_TABLE[key];
    if (isWholeAtLeast(value[key], minimum)) limits[key] = value[key];
    else add(`limits.${key}`, `expected a whole number of at least ${minimum} (0: no limit)`);
  }
  const rateLimit = value.rateLimit === undefined ? undefined : parseRateLimit(value.rateLimit, add);
  if (rateLimit !== undefined) limits.rateLimit = rateLimit;
  return limits as LimitsConfig;
}
