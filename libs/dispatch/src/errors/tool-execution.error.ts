/**
 * A tool could not do what was asked (bad arguments, refused call, invalid cursor). It is not a
 * protocol error: `tools/call` answers it as a normal result with `isError: true` and this message.
 */
export class ToolExecutionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolExecutionError';
  }
}
