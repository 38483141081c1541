import { OperationError } from './operation.error';

/** The command is valid but the current state forbids it (short stock, order already shipped). @publicApi */
export class ConflictError extends OperationError {
  constructor(message: string, code = 'conflict') {
    super(message, code);
  }
}
