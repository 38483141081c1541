import { ABUSE_BACKOFF_OPTION_TABLE, EXECUTE_GUARD_OPTION_TABLE } from '@myko/dispatch';
import { configFileOptions, isWholeAtLeast, type OptionTable } from '@myko/options';
import { SANDBOX_OPTION_TABLE } from '@myko/sandbox';
import type { AbuseBackoffConfig, SandboxConfig } from './interfaces/sandbox-config.interface';
import { isObject } from './json-object';
import { unknownPropertyMessage } from './unknown-property.message';

type Add = (path: string, problem: string) => void;

/** The minimum of each option of a table that the config file sets. */
function configMinimums(table: OptionTable): Record<string, number> {
  return Object.fromEntries(configFileOptions(table).map((key) => [key, table[key].minimum]));
}

/** The whole-number settings of the `sandbox` section (the sandbox's, then `execute`'s run caps) and their minimums. */
const SANDBOX_COUNT_MINIMUMS = {
  ...configMinimums(SANDBOX_OPTION_TABLE),
  ...configMinimums(EXECUTE_GUARD_OPTION_TABLE),
};
const SANDBOX_KEYS: readonly string[] = [...Object.keys(SANDBOX_COUNT_MINIMUMS), 'abuseBackoff'];
const BACKOFF_MINIMUMS: Readonly<Record<keyof AbuseBackoffConfig, number>> = configMinimums(
  ABUSE_BACKOFF_OPTION_TABLE,
) as Record<keyof AbuseBackoffConfig, number>;

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
      add(`${path}.${key}`, unknownPropertyMessage(key, known));
    }
  }
  const parsed: Record<string, unknown> = {};
  for (const [key, minimum] of Object.entries(minimums)) {
    const field = value[key];
    if (field === undefined) continue;
    if (isWholeAtLeast(field, minimum)) parsed[key] = field;
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
