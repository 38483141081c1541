/** A command line that cannot be run; the launcher prints the message and the usage, exit code 2. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}
