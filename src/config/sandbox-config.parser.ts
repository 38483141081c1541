import type { AbuseBackoffConfig, SandboxConfig } from './interfaces/sandbox-config.interface';

type Add = (path: string, problem: string) => void;

/** The whole-number settings of the `sandbox` section, each with the smallest value it accepts. */
export const SANDBOX_COUNT_MINIMUMS: Readonly<Record<string, number>> = {
  maxConcurrent: 1,
  maxResident: 1,
  maxQueue: 0,
  wallTimeMs: 1,
  cpuTimeMs: 1,
  memoryMb: 8,
  maxCalls: 0,
  processes: 1,
  processRssLimitMb: 0,
  maxRunsPerSession: 0,
  maxRunsPerKey: 0,
  maxRunsPerAddress: 0,
};
const SANDBOX_KEYS: readonly string[] = [...Object.keys(SANDBOX_COUNT_MINIMUMS), 'abuseBackoff'];
const BACKOFF_MINIMUMS: Readonly<Record<keyof AbuseBackoffConfig, number>> = {
  strikes: 1,
  windowMs: 1,
  cooldownMs: 1,
  maxCooldownMs: 1,
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Copies each whole-number field at or above its minimum; reports the others. */
function counts(
  value: Record<string, unknown>,
  minimums: Readonly<Record<string, number>>,
  path: string,
  add: Add,
): Record<string, unknown> {
  for (const key of Object.keys(value)) {
    if (!(key in minimums) && !(path === 'sandbox' && key === 'abuseBackoff')) {
      const known = path === 'sandbox' ? SANDBOX_KEYS : Object.keys(minimums);
      add(`${path}.${key}`, `unknown property (expected one of: ${known.join(', ')})`);
    }
  }
  const parsed: Record<string, unknown> = {};
  for (const [key, minimum] of Object.entries(minimums)) {
    const field = value[key];
    if (field === undefined) continue;
    if (typeof field === 'number' && Number.isSafeInteger(field) && field >= minimum) parsed[key] = field;
    else add(`${path}.${key}`, `expected a whole number of at least ${minimum}`);
  }
  return parsed;
}

function parseAbuseBackoff(value: unknown, add: Add): SandboxConfig['abuseBackoff'] | undefined {
  if (value === false) return false;
  if (!isObject(value)) {
    add('sandbox.abuseBackoff', 'expected false or {"strikes", "windowMs", "cooldownMs", "maxCooldownMs"}');
    return undefined;
  }
  const backoff = counts(value, BACKOFF_MINIMUMS, 'sandbox.abuseBackoff', add) as AbuseBackoffConfig;
  const { cooldownMs, maxCooldownMs } = backoff;
  if (cooldownMs !== undefined && maxCooldownMs !== undefined && maxCooldownMs < cooldownMs) {
    add('sandbox.abuseBackoff.maxCooldownMs', `expected at least cooldownMs (${cooldownMs})`);
  }
  return backoff;
}

/**
 * Validates the `sandbox` section; each problem goes to `add` with its path (`sandbox.maxQueue`).
 * Returns the settings that were valid.
 */
export function parseSandboxConfig(value: unknown, add: Add): SandboxConfig | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) {
    add('sandbox', 'expected an object');
    return undefined;
  }
  const sandbox = counts(value, SANDBOX_COUNT_MINIMUMS, 'sandbox', add);
  if (value.abuseBackoff !== undefined) {
    const backoff = parseAbuseBackoff(value.abuseBackoff, add);
    if (backoff !== undefined) sandbox.abuseBackoff = backoff;
  }
  return sandbox as SandboxConfig;
}
