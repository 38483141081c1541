import type { OperationOptions } from '../interfaces/operation-options.interface';
import { operationDecorator } from './operation.decorator';

/**
 * Declares a read-only operation that returns a list or a page of records (`query_<id>`).
 *
 * @example
 * ```ts
 * @Query({ description: 'Orders of a customer, newest first', args: ListOrdersArgs, output: [OrderDto] })
 * ListOrders(args: ListOrdersArgs, ctx: OperationContext) { … }
 * ```
 * @publicApi
 */
export function Query(options: OperationOptions): MethodDecorator {
  return operationDecorator('query', options, Query);
}
