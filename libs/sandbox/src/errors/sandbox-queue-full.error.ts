import { SandboxError } from './sandbox.error';

/** Every resident place is taken and the wait queue is full: the run is refused at once rather than left hanging. */
export class SandboxQueueFullError extends SandboxError {
  override readonly name = 'SandboxQueueFullError';
  readonly kind = 'queue-full';

  constructor(
    running: number,
    override readonly limit: number,
  ) {
    super(
      `The sandbox is full: ${running} scripts are running or awaiting operations and ${limit} are waiting, ` +
        'the most allowed. Nothing ran; retry in about a second.',
    );
  }
}
