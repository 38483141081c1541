import { JSON_RPC_ERROR_CODES } from '../dispatch.constants';
import { DispatchError } from './dispatch.error';

/** No handler for the requested method (-32601). */
export class MethodNotFoundError extends DispatchError {
  readonly code = JSON_RPC_ERROR_CODES.METHOD_NOT_FOUND;

  constructor(readonly method: string) {
    super(`Method not found: ${method}`);
  }
}
