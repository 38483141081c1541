import { OperationError } from './operation.error';

/** No operation has that name (or the caller may not see it: the message is the same). */
export class OperationNotFoundError extends OperationError {
  /** @param suggestions how to call the closest visible operations (`myko.report('LowStock')`), nearest first */
  constructor(
    readonly operation: string,
    readonly suggestions: readonly string[] = [],
  ) {
    const hint = suggestions.length > 0 ? `. Did you mean ${suggestions.join(' or ')}?` : '';
    super(`Unknown operation: ${operation}${hint}`, 'unknown_operation');
  }
}
