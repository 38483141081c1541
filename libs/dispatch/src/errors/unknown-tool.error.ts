import { JSON_RPC_ERROR_CODES } from '../dispatch.constants';
import { DispatchError } from './dispatch.error';

/**
 * `tools/call` named a tool that does not exist or that this client may not see (-32602). The two
 * cases are deliberately identical on the wire, so a hidden tool cannot be probed.
 */
export class UnknownToolError extends DispatchError {
  readonly code = JSON_RPC_ERROR_CODES.INVALID_PARAMS;

  constructor(readonly tool: string) {
    super(`Unknown tool: ${tool}`);
  }
}
