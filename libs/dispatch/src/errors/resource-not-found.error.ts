import { JSON_RPC_ERROR_CODES } from '../dispatch.constants';
import { DispatchError } from './dispatch.error';

/** `resources/read` of a URI that is malformed, unknown or hidden from this client (-32002). */
export class ResourceNotFoundError extends DispatchError {
  readonly code = JSON_RPC_ERROR_CODES.RESOURCE_NOT_FOUND;

  constructor(readonly uri: string) {
    super('Resource not found', { uri });
  }
}
