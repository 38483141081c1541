import { JSON_RPC_ERROR_CODES } from '../dispatch.constants';
import { DispatchError } from './dispatch.error';

/** The method exists but its params are unusable (-32602). */
export class InvalidParamsError extends DispatchError {
  readonly code = JSON_RPC_ERROR_CODES.INVALID_PARAMS;

  constructor(detail: string, data?: unknown) {
    super(`Invalid params: ${detail}`, data);
  }
}
