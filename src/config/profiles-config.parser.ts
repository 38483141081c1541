import type { AccessProfileConfig } from '@myko/access';
import { ClientFilters, FilterParseError, type FilterSpec } from '@myko/filter';
import { type AccessConfigValidator, isObject, type Json } from './access-config.validator';
import { parseProfileQuotas } from './profile-quotas.parser';

const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
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
const SIDES = ['allow', 'deny'] as const;

/** The access config's `profiles` section: each profile by name; problems go to `v`. */
export function parseProfilesConfig(v: AccessConfigValidator, value: unknown): Record<string, AccessProfileConfig> {
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

function parseProfile(v: AccessConfigValidator, value: unknown, path: string): AccessProfileConfig | undefined {
  const profile = v.object(value, path, PROFILE_KEYS);
  if (!profile) return undefined;
  if (profile.description !== undefined && typeof profile.description !== 'string') {
    v.add(`${path}.description`, 'expected a string');
  }
  const quotas = parseProfileQuotas(profile.quotas, `${path}.quotas`, (at, problem) => v.add(at, problem));
  return {
    ...(typeof profile.description === 'string' ? { description: profile.description } : {}),
    keys: v.keys(profile.keys, `${path}.keys`),
    ...filters(v, profile, path),
    ...(profile.toolMode !== undefined ? { toolMode: v.toolMode(profile.toolMode, `${path}.toolMode`) } : {}),
    ...(profile.typeCheck !== undefined ? { typeCheck: v.typeCheck(profile.typeCheck, `${path}.typeCheck`) } : {}),
    ...resultBudget(v, profile.resultBudgetBytes, `${path}.resultBudgetBytes`),
    ...(quotas ? { quotas } : {}),
  };
}

function resultBudget(v: AccessConfigValidator, value: unknown, path: string): { resultBudgetBytes?: number } {
  if (value === undefined) return {};
  if (Number.isSafeInteger(value) && (value as number) >= MIN_RESULT_BUDGET)
    return { resultBudgetBytes: value as number };
  v.add(path, `expected a whole number of at least ${MIN_RESULT_BUDGET}`);
  return {};
}

/** Each filter part is compiled on its own so every malformed part is reported. */
function filters(
  v: AccessConfigValidator,
  profile: Json,
  path: string,
): Pick<AccessProfileConfig, 'visibility' | 'callable' | 'approval'> {
  const visibility = filterPart(
    v,
    profile.visibility,
    `${path}.visibility`,
    Array.isArray,
    'an array of glob patterns',
  );
  const callable = filterPart(
    v,
    profile.callable,
    `${path}.callable`,
    isObject,
    'an object {"<tool>": {"<arg>": [<values>]}}',
  );
  for (const side of SIDES) {
    if (visibility?.[side] !== undefined) compile(v, { visibility: { [side]: visibility[side] } }, path);
    if (callable?.[side] !== undefined) compile(v, { callable: { [side]: callable[side] } }, path);
  }
  const approval = approvalList(v, profile.approval, `${path}.approval`);
  return { ...(visibility && { visibility }), ...(callable && { callable }), ...(approval && { approval }) };
}

/** A list of globs, like a visibility list; each malformed one is reported. */
function approvalList(v: AccessConfigValidator, value: unknown, path: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    v.add(path, 'expected an array of glob patterns');
    return undefined;
  }
  const before = v.issues.length;
  compile(v, { approval: value as string[] }, path.slice(0, -'.approval'.length));
  return v.issues.length === before ? (value as string[]) : undefined;
}

function filterPart(
  v: AccessConfigValidator,
  value: unknown,
  path: string,
  valid: (v: unknown) => boolean,
  expected: string,
): Json | undefined {
  if (value === undefined) return undefined;
  const part = v.object(value, path, SIDES);
  const invalid = SIDES.filter((side) => part?.[side] !== undefined && !valid(part[side]));
  for (const side of invalid) v.add(`${path}.${side}`, `expected ${expected}`);
  return invalid.length === 0 ? part : undefined;
}

function compile(v: AccessConfigValidator, spec: FilterSpec, path: string): void {
  try {
    ClientFilters.from(spec, path);
  } catch (error) {
    if (!(error instanceof FilterParseError)) throw error;
    v.add(error.source, error.problem);
  }
}
