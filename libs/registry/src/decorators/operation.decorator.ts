import { SetMetadata } from '@nestjs/common';
import { inspectOptions, recordInvalidOptions } from '../decorator-options';
import type { OperationKind } from '../interfaces/operation-kind.type';
import type { OperationMetadata } from '../interfaces/operation-metadata.interface';
import type { CommandOptions } from '../interfaces/operation-options.interface';
import { OPERATION_METADATA } from '../registry.constants';
import { COMMAND_OPTIONS, OPERATION_OPTIONS } from './operation-options.table';

/**
 * Builds the method decorator shared by the four operation kinds. `factory` is the public
 * decorator (`Query`): wrong options are recorded with the line that called it, and reported by the
 * explorer when the application starts.
 */
export function operationDecorator(kind: OperationKind, options: CommandOptions, factory: Function): MethodDecorator {
  const table = kind === 'command' ? COMMAND_OPTIONS : OPERATION_OPTIONS;
  const invalid = inspectOptions(`@${factory.name}`, factory, options, table);
  const metadata: OperationMetadata = Object.freeze({ ...options, kind });
  recordInvalidOptions(metadata, invalid);
  return SetMetadata(OPERATION_METADATA, metadata);
}
