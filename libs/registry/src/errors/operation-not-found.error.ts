import { OperationError } from './operation.error';

/** No operation has that name (or the caller may not see it: the message is the same). */
export class OperationNotFoundError extends OperationError {
  constructor(readonly operation: string) {
    super(`Unknown operation: ${operation}`, 'unknown_operation');
  }
}
