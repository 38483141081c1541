import { OperationError } from '@myko/registry';

/**
 * The run stopped before a command that needs an approval nobody can give inline (`execution_paused`):
 * it did not run, nor did anything after it. The script never gets to handle it: the run ends here.
 * @publicApi
 */
export class ExecutionPausedError extends OperationError {
  constructor(
    readonly executionId: string,
    name: string,
  ) {
    super(
      `Execution ${executionId} paused before ${name}: it waits for an approval; ${name} did not run.`,
      'execution_paused',
    );
  }
}

/**
 * A resumed run asked for another call than its journal recorded at that place (`execution_diverged`): the
 * script did not take the same path, so it is stopped before that call ran.
 * @publicApi
 */
export class ExecutionDivergedError extends OperationError {
  constructor(
    readonly executionId: string,
    readonly call: string,
    recorded: string,
  ) {
    super(
      `Execution ${executionId} diverged: the resumed script called ${call} where the journal recorded ${recorded}; ` +
        'it was stopped before that call ran.',
      'execution_diverged',
    );
  }
}

/** An operator's decision that cannot be applied: unknown or expired id, not paused, already decided. */
export class ExecutionDecisionError extends Error {
  override readonly name = 'ExecutionDecisionError';

  constructor(
    message: string,
    /** HTTP status for the admin API: 404 unknown, 409 not paused / already decided / not resumable. */
    readonly status: 404 | 409,
  ) {
    super(message);
  }
}
