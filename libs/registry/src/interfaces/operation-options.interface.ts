import type { Type } from '@nestjs/common';
import type { OperationContext } from './operation-context.interface';

/**
 * What an operation returns: a DTO class, `[Dto]` for a list, or a primitive constructor
 * (`String`, `Number`, `Boolean`, `Object`). Omitted means `void`.
 */
export type OperationOutput =
  | Type<unknown>
  | [Type<unknown>]
  | StringConstructor
  | NumberConstructor
  | BooleanConstructor
  | ObjectConstructor
  | [StringConstructor]
  | [NumberConstructor];

/** Options shared by `@Query`, `@View`, `@Report` and `@Command`. */
export interface OperationOptions {
  /**
   * The operation id; the operation's name is `<kind>_<id>`. Must be a JS identifier.
   * @default the method name
   */
  id?: string;
  /** One or two sentences written for a model: what it returns or does, and when to use it. */
  description: string;
  /** class-validator DTO describing the arguments. Omitted means the operation takes none. */
  args?: Type<object>;
  /** The result type, used for `outputType` in search results. */
  output?: OperationOutput;
  /**
   * Words an agent might search for that the id and description do not say: synonyms, business
   * terms, the task in the user's words (`['order history', 'purchases', 'find orders']`). Search
   * weighs them just below the id. Not shown in search results.
   */
  keywords?: readonly string[];
  /**
   * The entities (or tables) a query, view or report reads, e.g. `['Product', 'StockLevel']`. A read
   * that declares them is watchable: `myko://live/<kind>/<id>?args=…` is recomputed after a command
   * that writes one of them succeeds. Names are free-form but must match the commands' `writes`.
   */
  reads?: readonly string[];
  /**
   * Publishes this read's result for fixed arguments as a named, subscribable resource (listed in
   * `resources/list`), e.g. `myko://inventory/low-stock`. It is read and watched like the live URI of
   * those arguments, under the same visibility and callability rules as the operation.
   */
  resource?: OperationResourceOptions;
}

/** A fixed-arguments resource backed by a read (see `OperationOptions.resource`). */
export interface OperationResourceOptions {
  /** An absolute URI, e.g. `myko://inventory/low-stock`. */
  uri: string;
  /** Unique among resources, e.g. `low-stock`. */
  name: string;
  title?: string;
  description?: string;
  /** The arguments the operation is called with. @default {} */
  args?: Readonly<Record<string, unknown>>;
}

/** Options of `@Command`. */
export interface CommandOptions extends OperationOptions {
  /** Calling it twice with the same arguments has no further effect. @default false */
  idempotent?: boolean;
  /** It deletes or irreversibly overwrites data (MCP `destructiveHint`). @default false */
  destructive?: boolean;
  /**
   * The entities (or tables) the command writes. Watched reads of them are recomputed after it
   * succeeds. Omitted: the command may write anything, so every watched read is recomputed.
   */
  writes?: readonly string[];
  /**
   * A script (`execute`) must get the user's approval before it runs: the client is asked (an elicitation,
   * or an `input_required` round on 2026-07-28) with a summary of the command and its validated arguments,
   * and a decline, no answer or a client that cannot ask throws into the script instead. Direct-mode calls
   * are gated the same way. An access profile can require it for more commands (`approval` globs).
   * @default false
   */
  approval?: boolean;
  /**
   * What `execute` in `mode: 'plan'` answers the script instead of running the command, from the validated
   * arguments: what it would do (`{ sku, unitPriceCents: { from, to } }`). Called with `this` bound to the
   * provider, so it can read through the provider's services; it must not change anything. Without one the
   * script gets `{ planned: true, command, args }`.
   */
  preview?: CommandPreview;
  /**
   * The command that undoes this one, for `rollback` of an execution that stopped after this command committed
   * (rejected, failed, diverged): `{ command: 'AdjustStock', args: (args, result) => ({ … }) }`. `args` maps the
   * validated arguments and the JSON result this call returned to the compensating command's arguments; or a
   * declarative `{ <argument>: 'args.<name>' | 'result.<name>' }`. Checked at start: the command must exist and
   * be a command, and a declarative mapping may only name arguments the two commands have.
   */
  compensate?: CommandCompensation;
}

/**
 * `CommandOptions.compensate`: the compensating command (`AdjustStock` or `command_AdjustStock`) and how its
 * arguments come from the original call's. Without `args` it gets the original arguments unchanged.
 */
export interface CommandCompensation {
  command: string;
  args?: CompensationArgsMapping | Readonly<Record<string, string>>;
}

/** Builds the compensating command's arguments from the original call's arguments and result (both JSON). */
// biome-ignore lint/suspicious/noExplicitAny: the command's DTO and result, whichever they are
export type CompensationArgsMapping = (args: any, result: any) => Record<string, unknown>;

/**
 * `CommandOptions.preview`: reads only, never writes. Its arguments may be typed as the command's DTO
 * (`(args: CancelOrderArgs) => …`) and `this` as the provider.
 */
// biome-ignore lint/suspicious/noExplicitAny: the command's provider and DTO, whichever they are
export type CommandPreview = (this: any, args: any, ctx: OperationContext) => unknown;
