import type { SandboxError } from '../errors/sandbox.error';
import { SandboxCrashError } from '../errors/sandbox-crash.error';
import type { ProcessRun } from './process-run';

/**
 * Fails every run still in a sandbox process that ended. A crash (V8 gave up, or the system killed the
 * process: a `memory` error) is the fault of the runs that were executing (`ProcessRun.suspect`); the others
 * were only beside them: they fail as `internal` (never a strike for their client) and are marked
 * `collateral`, so the pool can replay those that wrote nothing. When no run was executing, nobody is blamed.
 */
export function failRunsOfEndedProcess(runs: readonly ProcessRun[], error: SandboxError): void {
  if (error.kind !== 'memory') {
    for (const run of runs) run.fail(error);
    return;
  }
  const culprits = new Set(runs.filter((run) => run.suspect));
  const bystander = new SandboxCrashError('internal', 'another script in the same sandbox process crashed it');
  for (const run of runs) {
    if (culprits.has(run)) run.fail(error);
    else {
      run.collateral = true;
      run.fail(bystander);
    }
  }
}
