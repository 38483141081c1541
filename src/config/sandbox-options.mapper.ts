import type { DispatchModuleOptions } from '@myko/dispatch';
import type { SandboxConfig } from './interfaces/sandbox-config.interface';

/**
 * Splits the config file's `sandbox` section into the sandbox's own limits and the per-client rules
 * `execute` applies in front of it; omitted settings keep their defaults.
 */
export function sandboxDispatchOptions(
  config: SandboxConfig | undefined,
): Pick<DispatchModuleOptions, 'sandbox' | 'execute'> {
  if (!config) return {};
  const {
    maxRunsPerSession,
    maxRunsPerKey,
    maxRunsPerAddress,
    maxScriptBytes,
    resultBudgetBytes,
    abuseBackoff,
    executionRetentionMs,
    journalMaxEntries,
    journalMaxBytes,
    taskMaxTtlMs,
    ...rest
  } = config;
  const { typeCheckWorkers, typeCheckTimeoutMs, typeCheckQueue, typeCheckQueuePerClient, ...sandbox } = rest;
  const execute = {
    maxRunsPerSession,
    maxRunsPerKey,
    maxRunsPerAddress,
    maxScriptBytes,
    resultBudgetBytes,
    abuseBackoff,
    typeCheckWorkers,
    typeCheckTimeoutMs,
    typeCheckQueue,
    typeCheckQueuePerClient,
    executionRetentionMs,
    journalMaxEntries,
    journalMaxBytes,
    taskMaxTtlMs,
  };
  return { sandbox, execute: definedOnly(execute) };
}

/** The settings the file sets: an omitted one keeps its default. */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}
