export type {
  ClientInfo,
  OperationApproval,
  OperationContext,
  OperationLogger,
  OperationLogLevel,
} from './operation-context.interface';
export type {
  JsonSchema,
  OperationArgument,
  OperationDescriptor,
  OperationHandler,
} from './operation-descriptor.interface';
export type { InvocationListener, InvocationOutcome, OperationInvocation } from './operation-invocation.interface';
export type { OperationKind } from './operation-kind.type';
export type {
  CommandCompensation,
  CommandOptions,
  CommandPreview,
  CompensationArgsMapping,
  OperationOptions,
  OperationOutput,
  OperationResourceOptions,
} from './operation-options.interface';
export type { ProgrammaticOperation } from './programmatic-operation.interface';
export type { SchemaDescribedTypes } from './schema-described.interface';
