import { JSON_RPC_ERROR_CODES } from '../dispatch.constants';
import { DispatchError } from './dispatch.error';

/** The JSON is not a valid JSON-RPC 2.0 request object (-32600). */
export class InvalidRequestError extends DispatchError {
  readonly code = JSON_RPC_ERROR_CODES.INVALID_REQUEST;

  constructor(detail: string) {
    super(`Invalid Request: ${detail}`);
  }
}
