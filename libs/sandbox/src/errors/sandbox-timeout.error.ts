import { SandboxError } from './sandbox.error';

/** The run outlived its wall-clock limit; the isolate was disposed. */
export class SandboxTimeoutError extends SandboxError {
  override readonly name = 'SandboxTimeoutError';
  readonly kind = 'timeout';

  constructor(override readonly limit: number) {
    super(
      `The script did not finish within ${limit} ms and was stopped. Operations that had already completed ` +
        'stay completed (nothing is rolled back); operations still in flight were abandoned.',
    );
  }
}
