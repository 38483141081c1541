import type { Type } from '@nestjs/common';
import type { OperationHandler } from './operation-descriptor.interface';
import type { OperationKind } from './operation-kind.type';
import type { CommandOptions } from './operation-options.interface';
import type { SchemaDescribedTypes } from './schema-described.interface';

/** An operation registered in code rather than by decorator (generated operations, adapters). */
export interface ProgrammaticOperation extends Omit<CommandOptions, 'id' | 'args'> {
  kind: OperationKind;
  id: string;
  /** class-validator DTO of the arguments; omitted means no arguments. */
  args?: Type<object>;
  /**
   * Arguments and result as JSON Schema, instead of `args` and `output` (which must then be omitted):
   * for generators whose source is a schema (the OpenAPI connector).
   */
  schema?: SchemaDescribedTypes;
  handler: OperationHandler;
  /** Names the origin in error messages, e.g. `synthetic`. */
  source: string;
}
