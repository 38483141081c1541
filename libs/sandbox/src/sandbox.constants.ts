import type { SandboxOptions } from './interfaces/sandbox-options.interface';
import type { SandboxCallKind } from './interfaces/sandbox-run.interface';
import { sandboxOptionColumn } from './sandbox-options.table';

/** Defaults of every sandbox limit: those of `SANDBOX_OPTION_TABLE`, and process isolation. */
export const DEFAULT_SANDBOX_OPTIONS: Readonly<Omit<SandboxOptions, 'onCatastrophicError'>> = Object.freeze({
  ...sandboxOptionColumn('default'),
  isolation: 'process',
});

/** The `myko` methods, in the order they are installed. */
export const SANDBOX_CALL_KINDS: readonly SandboxCallKind[] = [
  'query',
  'view',
  'report',
  'command',
  'search',
  'describe',
  'rollback',
];

/** Filename of the user's code in stack traces; its lines are the user's own (line 1 = first line). */
export const USER_SCRIPT_FILENAME = 'file:///execute.js';

/** Filename of the in-isolate bootstrap in stack traces (never a host path). */
export const BOOTSTRAP_FILENAME = 'file:///myko-sandbox.js';

/** How much of an oversized result is returned as `preview`, in characters. */
export const RESULT_PREVIEW_CHARS = 2048;

/**
 * How long past a run's wall clock the server waits for the sandbox process to answer before it kills the
 * process. The process enforces the wall clock itself; this only catches a process that stopped answering.
 */
export const PROCESS_GRACE_MS = 1_500;

/** How long a new sandbox process may take to load and report ready (TypeScript under jest is the slow case). */
export const PROCESS_START_TIMEOUT_MS = 20_000;

/**
 * Sandbox process restarts allowed per rolling minute, per process of `processes`; past it, runs fail at
 * once until the minute frees up (only while no process is left).
 */
export const PROCESS_RESTARTS_PER_MINUTE = 10;

/** Delay before the n-th restart within a minute (the first is immediate): 250 ms, doubling, up to 5 s. */
export function restartDelayMs(recentRestarts: number): number {
  return recentRestarts === 0 ? 0 : Math.min(250 * 2 ** (recentRestarts - 1), 5_000);
}

/**
 * OS niceness of a heavy client's isolate thread while it runs (`heavyClientCpuPercent`), the lowest: while
 * normal threads want the cores it gets ~1.5 % of one (the scheduler's weight 15 against 1,024), never
 * nothing, and all of what they leave: a client past its share competes for leftovers only. (Niceness 10,
 * weight 110, measured alike in the hostile load: docs/performance.md.)
 */
export const LOW_PRIORITY_NICENESS = 19;
