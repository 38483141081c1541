import { SandboxError } from '../errors/sandbox.error';
import { SandboxCpuLimitError } from '../errors/sandbox-cpu-limit.error';
import { SandboxInternalError } from '../errors/sandbox-internal.error';
import { SandboxMemoryLimitError } from '../errors/sandbox-memory-limit.error';

export interface FailureLimits {
  cpuTimeMs: number;
  memoryMb: number;
}

/**
 * Maps an error raised by isolated-vm while it ran script (not an error the script threw: those come back
 * inside the harness answer), or a catastrophic-error message, to the sandbox error it means. The texts are
 * isolated-vm 5.0's.
 */
export function toSandboxError(error: unknown, limits: FailureLimits): SandboxError {
  if (error instanceof SandboxError) return error;
  const message = messageOf(error);
  // "Script failed to terminate": an operation V8 cannot interrupt outlived the timeout (isolated-vm gave up).
  if (/timed out|failed to terminate/.test(message)) return new SandboxCpuLimitError(limits.cpuTimeMs);
  // "…due to memory limit", or "Catastrophic out-of-memory error" when V8 itself ran out.
  if (/memory limit|out-of-memory/i.test(message)) return new SandboxMemoryLimitError(limits.memoryMb);
  return new SandboxInternalError(error);
}

/**
 * The message of an error raised by isolated-vm. Checked by shape, not `instanceof Error`: the addon's errors
 * come from Node's own realm, which is not the realm of code running under jest.
 */
export function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(error);
}

/** Whether isolated-vm refused the code at compile time. */
export function isSyntaxError(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'SyntaxError';
}
