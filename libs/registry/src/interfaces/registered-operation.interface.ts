import type { ArgumentCanon } from '../validation/argument-canon';
import type { OperationDescriptor, OperationHandler } from './operation-descriptor.interface';
import type { CommandCompensation, CommandPreview } from './operation-options.interface';

/** Validates the raw arguments of one operation and builds the DTO instance its handler receives. */
export interface OperationArgumentsValidator {
  /** @throws InvalidArgumentsError listing every bad field */
  validate(raw: unknown): Promise<object>;
  /** How the operation reads its arguments (canonical forms, defaults), for access rules. */
  readonly canon: ArgumentCanon;
}

/** What the registry keeps per operation: the public descriptor and what the invoker needs to run it. */
export interface RegisteredOperation {
  readonly descriptor: OperationDescriptor;
  readonly handler: OperationHandler;
  readonly validator: OperationArgumentsValidator;
  /** A command's stand-in for plan mode (`@Command({ preview })`), bound to its provider. */
  readonly preview?: CommandPreview;
  /** A command's compensation (`@Command({ compensate })`), checked when the registry is sealed. */
  readonly compensation?: CommandCompensation;
}
