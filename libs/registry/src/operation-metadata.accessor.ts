import { Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { OperationMetadata } from './interfaces/operation-metadata.interface';
import { OPERATION_METADATA } from './registry.constants';

/** Reads what `@Query`/`@View`/`@Report`/`@Command` stored on a method. */
@Injectable()
export class OperationMetadataAccessor {
  constructor(private readonly reflector: Reflector) {}

  /** The operation metadata of `target`, or undefined when it is not a decorated method. */
  getOperationMetadata(target: unknown): OperationMetadata | undefined {
    if (typeof target !== 'function') return undefined;
    return this.reflector.get<OperationMetadata | undefined>(OPERATION_METADATA, target);
  }
}
