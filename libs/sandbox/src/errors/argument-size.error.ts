import { SandboxError } from './sandbox.error';

/** The JSON arguments of one `myko.*` call are over the per-call limit. Thrown into the script. */
export class ArgumentSizeError extends SandboxError {
  override readonly name = 'ArgumentSizeError';
  readonly kind = 'argument-size';
  /** What the script reads on it (`e.code`, `e.status`, `e.retryable`, `e.details`). */
  readonly code = 'argument_size';
  readonly status = 413;
  readonly retryable = false;
  get details(): { size: number; limit: number } {
    return { size: this.size, limit: this.limit };
  }

  constructor(
    call: string,
    readonly size: number,
    override readonly limit: number,
  ) {
    super(`The arguments of ${call} are ${size} bytes of JSON; the limit is ${limit} bytes per call. Pass less data.`);
  }

  override toFailure() {
    return { ...super.toFailure(), size: this.size };
  }
}
