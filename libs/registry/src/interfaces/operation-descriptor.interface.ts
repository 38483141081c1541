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
  /** A command that scripts (and direct calls) run only once the user approved it (`@Command({ approval })`). */
  readonly approval?: true;
  /** A command that declares what it would do for plan mode (`@Command({ preview })`). */
  readonly hasPreview?: true;
  /** The command that undoes this one in an execution's rollback (`@Command({ compensate })`): `command_<id>`. */
  readonly compensatedBy?: string;
  /** Entities a read declares it reads (`reads`); absent for commands and for reads that declare none. */
  readonly reads?: readonly string[];
  /** Entities a command writes; absent for reads, and for a command that may write anything. */
  readonly writes?: readonly string[];
  /** Present (true) on a read that declares `reads`: it can be watched as a live resource. */
  readonly watchable?: true;
  /** The fixed-arguments resource it publishes, if any. */
  readonly resource?: import('./operation-options.interface').OperationResourceOptions;
  /** Where it came from, for error messages: `OrderOperations.GetOrders` or `programmatic:<source>`. */
  readonly source: string;
}
