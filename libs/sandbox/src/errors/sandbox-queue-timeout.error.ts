import { SandboxError } from './sandbox.error';

/**
 * A queued run waited as long as its wall-clock limit without getting a slot: it could not have finished
 * in time anyway, so it gives up rather than run late.
 */
export class SandboxQueueTimeoutError extends SandboxError {
  override readonly name = 'SandboxQueueTimeoutError';
  readonly kind = 'queue-full';

  constructor(override readonly limit: number) {
    super(
      `The sandbox is busy: this script waited ${limit} ms (its wall-clock limit) for a free slot and did not start. ` +
        'Nothing ran; try again in a moment.',
    );
  }
}
