import type { OperationOptions } from '../interfaces/operation-options.interface';
import { operationDecorator } from './operation.decorator';

/**
 * Declares a read-only operation that returns one composed, denormalised record (`view_<id>`),
 * such as an order with its lines and customer.
 * @publicApi
 */
export function View(options: OperationOptions): MethodDecorator {
  return operationDecorator('view', options, View);
}
