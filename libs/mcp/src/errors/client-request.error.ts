import { OperationError } from '@myko/registry';

/**
 * A request sent to the client (sampling, elicitation) failed: the client answered with a JSON-RPC
 * error (`rpcCode` set), did not answer in time, the request was cancelled, or the session ended.
 * @publicApi
 */
export class ClientRequestError extends OperationError {
  constructor(
    readonly method: string,
    detail: string,
    readonly rpcCode?: number,
  ) {
    super(`${method} failed: ${detail}`, 'client_request_failed');
  }
}
