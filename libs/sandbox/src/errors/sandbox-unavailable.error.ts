import { SandboxError } from './sandbox.error';

/** No sandbox process can take the run (it cannot start, or it crashed too often lately). Nothing ran. */
export class SandboxUnavailableError extends SandboxError {
  override readonly name = 'SandboxUnavailableError';
  readonly kind = 'internal';

  constructor(reason: string) {
    super(`The sandbox is unavailable: ${reason}. Nothing ran; the server is unaffected. Try again later.`);
  }
}
