import { SandboxError } from './sandbox.error';

/** The isolate went over its heap limit; isolated-vm disposed it. */
export class SandboxMemoryLimitError extends SandboxError {
  override readonly name = 'SandboxMemoryLimitError';
  readonly kind = 'memory';

  constructor(override readonly limit: number) {
    super(
      `The script used more than the ${limit} MB memory limit and was stopped. Work on less data at a time ` +
        '(filter, page or aggregate). Operations that had already completed stay completed.',
    );
  }
}
