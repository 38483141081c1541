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
  const { maxRunsPerSession, maxRunsPerKey, maxRunsPerAddress, maxScriptBytes, abuseBackoff, ...sandbox } = config;
  return {
    sandbox,
    execute: {
      ...(maxRunsPerSession === undefined ? {} : { maxRunsPerSession }),
      ...(maxRunsPerKey === undefined ? {} : { maxRunsPerKey }),
      ...(maxRunsPerAddress === undefined ? {} : { maxRunsPerAddress }),
      ...(maxScriptBytes === undefined ? {} : { maxScriptBytes }),
      ...(abuseBackoff === undefined ? {} : { abuseBackoff }),
    },
  };
}
