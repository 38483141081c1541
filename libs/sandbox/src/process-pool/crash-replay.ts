import { SandboxCrashError } from '../errors/sandbox-crash.error';
import { failedRun } from '../failed-run';
import type { SandboxRunResult } from '../interfaces/sandbox-run.interface';
import type { ProcessRun } from './process-run';

/** How many times one run is run again after crashes it was not charged with. */
export const MAX_REPLAYS = 3;
/** A run with less wall-clock time left than this is not run again (it could not do much). */
export const MIN_REPLAY_MS = 100;

/** How a run that ended continues: `done` with its result, or run again (`apart` from other clients' runs). */
export type ReplayDecision =
  | { next: 'done'; result: SandboxRunResult }
  | { next: 'again'; apart: boolean; wallMs: number };

/**
 * Whether a run that ended as `result` is run again: only one that a crash it was not charged with ended
 * (`collateral`, or `uncertain`: executing beside other clients' runs), that has time left, and that changed
 * nothing yet (`ProcessRun.replayable`). One that had already changed something fails, saying so.
 */
export function decideReplay(
  run: ProcessRun | undefined,
  result: SandboxRunResult,
  replays: number,
  closed: boolean,
): ReplayDecision {
  if (!run || !(run.collateral || run.uncertain) || closed || replays >= MAX_REPLAYS) return { next: 'done', result };
  if (!run.replayable) return { next: 'done', result: notReplayed(run, result) };
  if (run.remainingMs < MIN_REPLAY_MS) return { next: 'done', result };
  return { next: 'again', apart: run.uncertain, wallMs: Math.floor(run.remainingMs) };
}

/** The failure of a run that another script's crash ended after it had changed something. */
function notReplayed(run: ProcessRun, result: SandboxRunResult): SandboxRunResult {
  if (run.cancelled) return result;
  const sent = run.commandsSent;
  const what =
    sent.length > 0 ? `it had already sent ${sent.join(', ')}` : 'an operation it called had changed something';
  const error = new SandboxCrashError(
    'internal',
    `another script crashed the sandbox process this one was in; it was not run again because ${what}, ` +
      'which stays done: check its effect before running the script again',
  );
  return failedRun(error, result.stats);
}
