import type { OperationOptions } from '../interfaces/operation-options.interface';
import { operationDecorator } from './operation.decorator';

/**
 * Declares a read-only operation that aggregates data (`report_<id>`), such as sales by day.
 * @publicApi
 */
export function Report(options: OperationOptions): MethodDecorator {
  return operationDecorator('report', options, Report);
}
