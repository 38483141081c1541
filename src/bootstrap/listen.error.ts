/**
 * The HTTP server cannot listen where the command line asks (the port is taken, a privileged port,
 * an address this machine does not have): the launcher prints the message alone, without a stack,
 * and exits with code 1, like a Redis that does not answer.
 */
export class ListenError extends Error {
  override readonly name = 'ListenError';
}
