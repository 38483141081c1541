import { OperationError } from './operation.error';

/** One rejected argument: its dotted path and every reason it failed. */
export interface ArgumentIssue {
  path: string;
  reasons: string[];
}

/** Arguments failed validation; the message lists every bad field and why. */
export class InvalidArgumentsError extends OperationError {
  constructor(
    readonly operation: string,
    readonly issues: readonly ArgumentIssue[],
  ) {
    const detail = issues.map((i) => `${i.path}: ${i.reasons.join('; ')}`).join(', ');
    super(`Invalid arguments for ${operation}: ${detail}`, 'invalid_arguments');
  }
}
