import type { CommandOptions } from '../interfaces/operation-options.interface';
import { operationDecorator } from './operation.decorator';

/**
 * Declares an operation that changes data (`command_<id>`). It must be atomic: on failure it
 * changes nothing.
 * @publicApi
 */
export function Command(options: CommandOptions): MethodDecorator {
  return operationDecorator('command', options, Command);
}
