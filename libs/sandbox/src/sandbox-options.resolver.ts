import { SandboxConfigError } from './errors/sandbox-config.error';
import type { SandboxIsolation, SandboxOptions } from './interfaces/sandbox-options.interface';
import { DEFAULT_SANDBOX_OPTIONS } from './sandbox.constants';
import { type SandboxNumericOption, sandboxOptionColumn } from './sandbox-options.table';

const ISOLATIONS: readonly SandboxIsolation[] = ['process', 'in-process'];

const MINIMUMS = sandboxOptionColumn('minimum');

/** Merges the given options over the defaults; throws `SandboxConfigError` naming every invalid field. */
export function resolveSandboxOptions(options: Partial<SandboxOptions> = {}): SandboxOptions {
  const resolved: SandboxOptions = { ...DEFAULT_SANDBOX_OPTIONS };
  const problems: string[] = [];
  for (const key of Object.keys(MINIMUMS) as SandboxNumericOption[]) {
    const value = options[key];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < MINIMUMS[key]) {
      problems.push(`${key} must be an integer >= ${MINIMUMS[key]} (got ${String(value)})`);
    } else {
      resolved[key] = value;
    }
  }
  if (options.isolation !== undefined) {
    if (ISOLATIONS.includes(options.isolation)) resolved.isolation = options.isolation;
    else problems.push(`isolation must be 'process' or 'in-process' (got ${String(options.isolation)})`);
  }
  if (options.onCatastrophicError !== undefined) {
    if (typeof options.onCatastrophicError === 'function') resolved.onCatastrophicError = options.onCatastrophicError;
    else problems.push('onCatastrophicError must be a function');
  }
  if (problems.length > 0) throw new SandboxConfigError(problems);
  return resolved;
}

/** The wall-clock limit of one run: the request's `timeoutMs` when it is a positive number, capped by the server's. */
export function effectiveWallTime(requested: number | undefined, serverMaxMs: number): number {
  if (typeof requested !== 'number' || !Number.isFinite(requested) || requested <= 0) return serverMaxMs;
  return Math.min(Math.ceil(requested), serverMaxMs);
}
