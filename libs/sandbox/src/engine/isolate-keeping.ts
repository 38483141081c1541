import type { SandboxFailureKind } from '../interfaces/sandbox-run.interface';
import type { CpuTurn } from './cpu-gate';
import type { RunOutcome } from './harness-answer';
import type { IsolateLease, IsolatePool } from './isolate.pool';

/** Failures after which a run's isolate may be kept for its conversation: the script itself ended, within its limits. */
const KEEPABLE: ReadonlySet<SandboxFailureKind> = new Set(['script', 'syntax']);
/** How long a finished run's isolate may take to leave its last entry before it is disposed instead of kept. */
export const KEEP_SETTLE_MS = 50;

/** The run ended by itself: its answer, or its script's own error (never a limit, a stop or a crash). */
export function endedNormally(outcome: RunOutcome): boolean {
  return outcome.ok || KEEPABLE.has(outcome.failure.kind);
}

/**
 * Hands a finished run's isolate to the pool to keep for `reuseKey` once no entry of the run is inside it;
 * code still running after the answer (a loop left behind) would run unwatched, so that isolate is disposed.
 */
export async function keepWhenIdle(pool: IsolatePool, turn: CpuTurn, lease: IsolateLease, reuseKey: string) {
  let timer: NodeJS.Timeout | undefined;
  const settled = await Promise.race([
    turn.whenIdle().then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), KEEP_SETTLE_MS);
    }),
  ]);
  clearTimeout(timer);
  if (settled && !lease.isolate.isDisposed) pool.keep(lease, reuseKey);
  else pool.release(lease);
}
