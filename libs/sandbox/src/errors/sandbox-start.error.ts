/** The sandbox process could not start: thrown at start-up (module init) with the reason and its last output. */
export class SandboxStartError extends Error {
  override readonly name = 'SandboxStartError';

  constructor(
    reason: string,
    readonly output = '',
  ) {
    super(`The sandbox process could not start: ${reason}${output ? `\nIts last output:\n${output}` : ''}`);
  }
}
