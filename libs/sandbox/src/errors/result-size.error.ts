import { SandboxError } from './sandbox.error';

/** The script's JSON result is over the limit; the failure carries the start of it as `preview`. */
export class ResultSizeError extends SandboxError {
  override readonly name = 'ResultSizeError';
  readonly kind = 'result-size';

  constructor(
    readonly size: number,
    override readonly limit: number,
    readonly preview: string,
  ) {
    super(
      `The result is ${size} bytes of JSON; the limit is ${limit} bytes. Return less: filter, aggregate or page ` +
        'the data inside the script and return only the fields and rows that answer the question.',
    );
  }

  override toFailure() {
    return { ...super.toFailure(), size: this.size, preview: this.preview };
  }
}
