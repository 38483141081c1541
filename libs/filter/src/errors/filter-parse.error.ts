/**
 * Filter input (a header, an environment variable, a config entry) that cannot be read. It is never
 * ignored: an ignored deny list would widen access. The message is one ASCII line, safe for an HTTP
 * status line or a JSON-RPC error.
 * @publicApi
 */
export class FilterParseError extends Error {
  /**
   * @param source where the input came from: a header name, an environment variable, or a config path
   * @param problem what is wrong with it
   */
  constructor(
    readonly source: string,
    readonly problem: string,
  ) {
    super(`${source}: ${problem}`);
    this.name = 'FilterParseError';
  }
}
