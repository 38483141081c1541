/** One problem in an access config: where (`profiles.ops.keys[0]`) and what. */
export interface AccessConfigIssue {
  readonly path: string;
  readonly problem: string;
}

/**
 * The access config is invalid; the server must refuse to start. Lists every problem found, each with
 * its path, so one run shows them all.
 * @publicApi
 */
export class AccessConfigError extends Error {
  constructor(
    readonly source: string,
    readonly issues: readonly AccessConfigIssue[],
  ) {
    super(`Invalid access config ${source}:\n${issues.map((i) => `  - ${i.path}: ${i.problem}`).join('\n')}`);
    this.name = 'AccessConfigError';
  }
}
