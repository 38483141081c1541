import type { OperationDescriptor, OperationHandler } from './operation-descriptor.interface';

/** Validates the raw arguments of one operation and builds the DTO instance its handler receives. */
export interface OperationArgumentsValidator {
  /** @throws InvalidArgumentsError listing every bad field */
  validate(raw: unknown): Promise<object>;
}

/** What the registry keeps per operation: the public descriptor and what the invoker needs to run it. */
export interface RegisteredOperation {
  readonly descriptor: OperationDescriptor;
  readonly handler: OperationHandler;
  readonly validator: OperationArgumentsValidator;
}
