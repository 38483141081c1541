import type { AbuseBackoffOptions, ExecuteGuardOptions } from '../interfaces/execute-guard-options.interface';

export const DEFAULT_ABUSE_BACKOFF: Readonly<AbuseBackoffOptions> = Object.freeze({
  strikes: 3,
  windowMs: 60_000,
  cooldownMs: 30_000,
  maxCooldownMs: 600_000,
});

export const DEFAULT_MAX_RUNS_PER_SESSION = 1;

/** Applies the defaults; a partial `abuseBackoff` keeps the defaults of the fields it omits. */
export function resolveExecuteGuardOptions(
  options: { maxRunsPerSession?: number; abuseBackoff?: Partial<AbuseBackoffOptions> | false } = {},
): ExecuteGuardOptions {
  const { abuseBackoff } = options;
  return {
    maxRunsPerSession: options.maxRunsPerSession ?? DEFAULT_MAX_RUNS_PER_SESSION,
    abuseBackoff: abuseBackoff === false ? false : { ...DEFAULT_ABUSE_BACKOFF, ...abuseBackoff },
  };
}
