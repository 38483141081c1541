import { SandboxError } from './sandbox.error';

/** Every slot is busy and the wait queue is full: the run is refused at once rather than left hanging. */
export class SandboxQueueFullError extends SandboxError {
  override readonly name = 'SandboxQueueFullError';
  readonly kind = 'queue-full';

  constructor(
    running: number,
    override readonly limit: number,
  ) {
    super(
      `The sandbox is busy: ${running} scripts are running and ${limit} are waiting, the most allowed. ` +
        'Nothing ran; try again in a moment.',
    );
  }
}
