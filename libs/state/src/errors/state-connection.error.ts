/**
 * Redis could not be reached at start-up: the service refuses to start rather than serve without
 * the state its peers share. The message names the URL, its password redacted.
 * @publicApi
 */
export class StateConnectionError extends Error {
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(`cannot connect to Redis at ${url}: ${reason}`);
    this.name = 'StateConnectionError';
  }
}
