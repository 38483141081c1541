import type { SandboxError } from '../errors/sandbox.error';
import { SandboxCrashError } from '../errors/sandbox-crash.error';
import type { ProcessRun } from './process-run';

/**
 * Fails every run still in a sandbox process that ended. A crash (V8 gave up, or the system killed the
 * process: a `memory` error) is the fault of the runs that were executing (`ProcessRun.suspect`), when they
 * are all one client's (`SandboxRunRequest.client`): they fail with it (a strike for that client). V8 aborts
 * without saying which isolate blew up, so when the runs executing belong to several clients, none is
 * charged: each is marked `uncertain` and fails as `internal`, and the pool runs it again apart from other
 * clients' runs, where a culprit crashes again on its own. The runs that were not executing were only beside
 * them: they fail as `internal` and are marked `collateral`, so the pool runs them again. When no run was
 * executing, nobody is blamed.
 */
export function failRunsOfEndedProcess(runs: readonly ProcessRun[], error: SandboxError): void {
  if (error.kind !== 'memory') {
    for (const run of runs) run.fail(error);
    return;
  }
  const suspects = runs.filter((run) => run.suspect);
  const oneClient = new Set(suspects.map((run) => run.client)).size <= 1;
  const bystander = new SandboxCrashError('internal', 'another script in the same sandbox process crashed it');
  const unsure = new SandboxCrashError(
    'internal',
    "it crashed while this script and other clients' scripts were executing in it, so it is not charged to this one",
  );
  for (const run of runs) {
    if (!suspects.includes(run)) {
      run.collateral = true;
      run.fail(bystander);
    } else if (oneClient) {
      run.fail(error);
    } else {
      run.uncertain = true;
      run.fail(unsure);
    }
  }
}
