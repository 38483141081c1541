import { JSON_RPC_ERROR_CODES } from '../dispatch.constants';
import { DispatchError } from './dispatch.error';

/** The text was not valid JSON (-32700, answered with `id: null`). */
export class ParseError extends DispatchError {
  readonly code = JSON_RPC_ERROR_CODES.PARSE_ERROR;

  constructor(detail?: string) {
    super(detail ? `Parse error: ${detail}` : 'Parse error');
  }
}
