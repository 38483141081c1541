import type { SandboxError } from './errors/sandbox.error';
import type { SandboxRunResult, SandboxStats } from './interfaces/sandbox-run.interface';

/** A failed run with no console output: refused before it ran, or lost with its sandbox process. */
export function failedRun(error: SandboxError, stats: Partial<SandboxStats> = {}): SandboxRunResult {
  return {
    ok: false,
    error: error.toFailure(),
    console: { text: '', truncated: false },
    stats: { wallMs: 0, cpuMs: 0, calls: 0, ...stats },
  };
}
