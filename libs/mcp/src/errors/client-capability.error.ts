import { OperationError } from '@myko/registry';

/**
 * A handler asked the client for something (sampling, elicitation) it did not declare at
 * `initialize`; MCP forbids sending such a request. The message says which capability is missing.
 * @publicApi
 */
export class ClientCapabilityError extends OperationError {
  constructor(
    readonly method: string,
    readonly capability: string,
  ) {
    super(
      `The client did not declare the \`${capability}\` capability, so ${method} cannot be sent`,
      'capability_missing',
    );
  }
}
