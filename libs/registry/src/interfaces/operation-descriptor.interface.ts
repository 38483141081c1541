import type { OperationKind } from './operation-kind.type';

/** One argument of an operation as search shows it. */
export interface OperationArgument {
  name: string;
  /** TypeScript rendering of the argument's type, e.g. `string`, `'open' | 'paid'`, `OrderLine[]`. */
  tsType: string;
  optional: boolean;
  description?: string;
}

/** A JSON Schema document (2020-12). */
export type JsonSchema = Record<string, unknown>;

/** The signature of the function that runs an operation once its arguments are valid. */
export type OperationHandler = (args: object, ctx: import('./operation-context.interface').OperationContext) => unknown;

/** Immutable description of one registered operation, computed once at boot. */
export interface OperationDescriptor {
  /** `<kind>_<id>`: what filters match. */
  readonly name: string;
  readonly kind: OperationKind;
  readonly id: string;
  readonly description: string;
  /** Search words from the operation's options (`keywords`); absent when none were given. */
  readonly keywords?: readonly string[];
  readonly args: readonly OperationArgument[];
  /** JSON Schema 2020-12 of the arguments object. */
  readonly inputSchema: JsonSchema;
  /** TypeScript rendering of the result, e.g. `Order[]`. */
  readonly outputType: string;
  /** JSON Schema of the result when the output is a DTO or primitive; absent for `void`. */
  readonly outputSchema?: JsonSchema;
  readonly readOnly: boolean;
  readonly idempotent: boolean;
  readonly destructive: boolean;
  /** Where it came from, for error messages: `OrderOperations.GetOrders` or `programmatic:<source>`. */
  readonly source: string;
}
