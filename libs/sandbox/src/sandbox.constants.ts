import type { SandboxOptions } from './interfaces/sandbox-options.interface';
import type { SandboxCallKind } from './interfaces/sandbox-run.interface';

/** Defaults of every sandbox limit (see `SandboxOptions` for what each one means). */
export const DEFAULT_SANDBOX_OPTIONS: Readonly<Omit<SandboxOptions, 'onCatastrophicError'>> = Object.freeze({
  wallTimeMs: 30_000,
  cpuTimeMs: 10_000,
  memoryMb: 64,
  maxCalls: 200,
  maxArgBytes: 64 * 1024,
  maxResultBytes: 1024 * 1024,
  maxConsoleBytes: 64 * 1024,
  maxConcurrent: 2,
  maxQueue: 32,
  warmPool: 0,
});

/** The `myko` methods, in the order they are installed. */
export const SANDBOX_CALL_KINDS: readonly SandboxCallKind[] = ['query', 'view', 'report', 'command'];

/** Filename of the user's code in stack traces; its lines are the user's own (line 1 = first line). */
export const USER_SCRIPT_FILENAME = 'file:///execute.js';

/** Filename of the in-isolate bootstrap in stack traces (never a host path). */
export const BOOTSTRAP_FILENAME = 'file:///myko-sandbox.js';

/** How much of an oversized result is returned as `preview`, in characters. */
export const RESULT_PREVIEW_CHARS = 2048;
