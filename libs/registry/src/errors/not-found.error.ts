import { OperationError } from './operation.error';

/** The record an operation was asked about does not exist. @publicApi */
export class NotFoundError extends OperationError {
  constructor(entity: string, key: string | number) {
    super(`${entity} not found: ${key}`, 'not_found');
  }
}
