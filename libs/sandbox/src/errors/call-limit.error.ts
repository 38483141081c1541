import { SandboxError } from './sandbox.error';

/** The script made more `myko.*` calls than a run allows. Thrown into the script, and ends the run. */
export class CallLimitError extends SandboxError {
  override readonly name = 'CallLimitError';
  readonly kind = 'call-limit';

  constructor(override readonly limit: number) {
    super(
      `Too many operation calls: a run may make at most ${limit} myko.* calls. Use operations that take ` +
        'filters or lists, or split the work over several executions. Calls made before the limit stay completed.',
    );
  }
}
