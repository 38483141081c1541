import { SandboxError } from './sandbox.error';

/** The script made more `myko.*` calls than a run allows. Thrown into the script, and ends the run. */
export class CallLimitError extends SandboxError {
  override readonly name = 'CallLimitError';
  readonly kind = 'call-limit';
  /** What the script reads on it (`e.code`, `e.status`, `e.retryable`, `e.details`): no call of this run will pass. */
  readonly code = 'call_limit';
  readonly status = 429;
  readonly retryable = false;
  get details(): { limit: number } {
    return { limit: this.limit };
  }

  constructor(override readonly limit: number) {
    super(
      `Too many operation calls: a run may make at most ${limit} myko.* calls. Use operations that take ` +
        'filters or lists, or split the work over several executions. Calls made before the limit stay completed.',
    );
  }
}
