import { SandboxError } from './sandbox.error';

/** The caller aborted the run (or the service shut down while it waited). */
export class SandboxCancelledError extends SandboxError {
  override readonly name = 'SandboxCancelledError';
  readonly kind = 'cancelled';

  constructor(started: boolean) {
    super(
      started
        ? 'The run was cancelled and stopped. Operations that had already completed stay completed.'
        : 'The run was cancelled before it started; nothing ran.',
    );
  }
}
