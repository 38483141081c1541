import type { OperationKind } from './operation-kind.type';
import type { CommandOptions } from './operation-options.interface';

/** What an operation decorator stores on its method. */
export interface OperationMetadata extends CommandOptions {
  kind: OperationKind;
}
