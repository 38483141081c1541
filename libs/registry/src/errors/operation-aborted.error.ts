import { OperationError } from './operation.error';

/** The request was cancelled or timed out before the operation finished. */
export class OperationAbortedError extends OperationError {
  constructor(
    readonly operation: string,
    reason?: string,
  ) {
    super(`Operation ${operation} was aborted${reason ? `: ${reason}` : ''}`, 'aborted');
  }
}
