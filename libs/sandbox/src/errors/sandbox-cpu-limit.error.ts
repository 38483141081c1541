import { SandboxError } from './sandbox.error';

/** One synchronous stretch of script ran longer than the CPU limit (an endless loop, most likely). */
export class SandboxCpuLimitError extends SandboxError {
  override readonly name = 'SandboxCpuLimitError';
  readonly kind = 'cpu';

  constructor(override readonly limit: number) {
    super(
      `The script computed for more than ${limit} ms without waiting on anything (an endless loop?) and was ` +
        'stopped. Operations that had already completed stay completed.',
    );
  }
}
