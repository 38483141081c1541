import { FAIRNESS_OPTION_TABLE, type FairnessOptions } from '@myko/dispatch';
import { configFileOptions, isWholeAtLeast } from '@myko/options';
import { unknownPropertyMessage } from './unknown-property.message';

type Add = (path: string, problem: string) => void;

const FAIRNESS_KEYS: readonly string[] = configFileOptions(FAIRNESS_OPTION_TABLE);

/**
 * Validates the `fairness` section (`DispatchModule.forRoot({ fairness })`, the main thread's shares between
 * clients); each problem goes to `add` with its path. Returns the settings that were valid.
 */
export function parseFairnessConfig(value: unknown, add: Add): Partial<FairnessOptions> | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    add('fairness', 'expected an object');
    return undefined;
  }
  const fields = value as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    if (!FAIRNESS_KEYS.includes(key)) add(`fairness.${key}`, unknownPropertyMessage(key, FAIRNESS_KEYS));
  }
  const fairness: Record<string, number> = {};
  for (const key of FAIRNESS_KEYS) {
    if (fields[key] === undefined) continue;
    const { minimum } = FAIRNESS_OPTION_TABLE[key as keyof FairnessOptions];
    if (isWholeAtLeast(fields[key], minimum)) fairness[key] = fields[key];
    else add(`fairness.${key}`, `expected a whole number of at least ${minimum}`);
  }
  return fairness as Partial<FairnessOptions>;
}
