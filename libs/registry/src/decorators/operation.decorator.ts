import { SetMetadata } from '@nestjs/common';
import type { OperationKind } from '../interfaces/operation-kind.type';
import type { OperationMetadata } from '../interfaces/operation-metadata.interface';
import type { CommandOptions } from '../interfaces/operation-options.interface';
import { OPERATION_METADATA } from '../registry.constants';

/** Builds the method decorator shared by the four operation kinds. */
export function operationDecorator(kind: OperationKind, options: CommandOptions): MethodDecorator {
  const metadata: OperationMetadata = { ...options, kind };
  return SetMetadata(OPERATION_METADATA, Object.freeze(metadata));
}
