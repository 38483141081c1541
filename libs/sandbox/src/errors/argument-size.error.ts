import { SandboxError } from './sandbox.error';

/** The JSON arguments of one `myko.*` call are over the per-call limit. Thrown into the script. */
export class ArgumentSizeError extends SandboxError {
  override readonly name = 'ArgumentSizeError';
  readonly kind = 'argument-size';

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
