/** A word of the command line that names no option or command, and the names it could have meant. */
export interface UnknownArgument {
  readonly arg: string;
  readonly known: readonly string[];
}

/**
 * A command line that cannot be run; the launcher prints the message, a did-you-mean for an unknown
 * option or command, and a pointer to `--help` (not the whole usage), exit code 2.
 */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';

  constructor(
    message: string,
    /** Set when the message is about a misspelt option or command, for the did-you-mean. */
    readonly unknown?: UnknownArgument,
  ) {
    super(message);
  }
}
