import type { Type } from '@nestjs/common';
import type { OperationHandler } from './operation-descriptor.interface';
import type { OperationKind } from './operation-kind.type';
import type { CommandOptions } from './operation-options.interface';

/** An operation registered in code rather than by decorator (generated operations, adapters). */
export interface ProgrammaticOperation extends Omit<CommandOptions, 'id' | 'args'> {
  kind: OperationKind;
  id: string;
  /** class-validator DTO of the arguments; omitted means no arguments. */
  args?: Type<object>;
  handler: OperationHandler;
  /** Names the origin in error messages, e.g. `synthetic`. */
  source: string;
}
