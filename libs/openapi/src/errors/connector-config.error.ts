/**
 * A connector cannot be served: its options are invalid, its document cannot be read or is not an
 * OpenAPI 3.x document, or a credential is missing. The start fails with this message.
 * @publicApi
 */
export class ConnectorConfigError extends Error {
  constructor(
    readonly connector: string,
    problem: string,
  ) {
    super(`OpenAPI connector "${connector}": ${problem}`);
    this.name = 'ConnectorConfigError';
  }
}
