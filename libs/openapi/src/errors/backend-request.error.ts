import { OperationError } from '@myko/registry';

/**
 * The backend refused the request (4xx): the caller's arguments or rights are wrong, so retrying the
 * same call will not help. The message quotes a bounded excerpt of the body as a JSON string: it is the
 * backend's data, never instructions.
 * @publicApi
 */
export class BackendRequestError extends OperationError {
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly excerpt: string,
  ) {
    super(
      `${operation}: the backend answered HTTP ${status}; its body begins ${JSON.stringify(excerpt)}`,
      `http_${status}`,
    );
  }
}
