import type { AbuseBackoffOptions, ExecuteGuardOptions } from '../../interfaces/execute-guard-options.interface';

export const DEFAULT_ABUSE_BACKOFF: Readonly<AbuseBackoffOptions> = Object.freeze({
  strikes: 3,
  windowMs: 60_000,
  cooldownMs: 30_000,
  maxCooldownMs: 600_000,
});

export const DEFAULT_MAX_RUNS_PER_SESSION = 4;
export const DEFAULT_MAX_RUNS_PER_KEY = 128;
export const DEFAULT_MAX_RUNS_PER_ADDRESS = 128;

/** Applies the defaults; a partial `abuseBackoff` keeps the defaults of the fields it omits. */
export function resolveExecuteGuardOptions(
  options: Partial<Omit<ExecuteGuardOptions, 'abuseBackoff'>> & {
    abuseBackoff?: Partial<AbuseBackoffOptions> | false;
  } = {},
): ExecuteGuardOptions {
  const { abuseBackoff } = options;
  return {
    maxRunsPerSession: options.maxRunsPerSession ?? DEFAULT_MAX_RUNS_PER_SESSION,
    maxRunsPerKey: options.maxRunsPerKey ?? DEFAULT_MAX_RUNS_PER_KEY,
    maxRunsPerAddress: options.maxRunsPerAddress ?? DEFAULT_MAX_RUNS_PER_ADDRESS,
    abuseBackoff: abuseBackoff === false ? false : { ...DEFAULT_ABUSE_BACKOFF, ...abuseBackoff },
  };
}
