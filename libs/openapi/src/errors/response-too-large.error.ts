import { OperationError } from '@myko/registry';

/** The backend's response passed the connector's `maxResponseBytes`; it was cut off unread. @publicApi */
export class ResponseTooLargeError extends OperationError {
  constructor(
    readonly operation: string,
    readonly limit: number,
  ) {
    super(
      `${operation}: the backend's response is larger than ${limit} bytes and was not read; ask for less (a filter, a smaller page)`,
      'response_too_large',
    );
  }
}
