import { SandboxError } from './sandbox.error';

/** The sandbox itself failed (not the script). The cause is for host logs only, never for the client. */
export class SandboxInternalError extends SandboxError {
  override readonly name = 'SandboxInternalError';
  readonly kind = 'internal';

  constructor(override readonly cause?: unknown) {
    super('The sandbox failed internally and the run was stopped.');
  }
}
