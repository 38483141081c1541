import {
  expecting,
  isClass,
  OptionRules,
  type OptionTable,
  optionalOption,
  requiredOption,
} from '../decorator-options';
import type {
  CommandOptions,
  OperationOptions,
  OperationResourceOptions,
} from '../interfaces/operation-options.interface';

const { string, text, boolean, strings, object, objectOf } = OptionRules;

/** A class, or a list of one class (`[Order]`), as `OperationOutput` allows. */
const output = expecting(
  'a class or [Class]',
  (value) => isClass(value) || (Array.isArray(value) && value.length === 1 && isClass(value[0])),
);

/** The keys of `resource` on a read. */
export const OPERATION_RESOURCE_OPTIONS: OptionTable<OperationResourceOptions> = {
  uri: requiredOption(text),
  name: requiredOption(text),
  title: optionalOption(string),
  description: optionalOption(text),
  args: optionalOption(object),
};

/** The keys of `@Query`, `@View` and `@Report`. */
export const OPERATION_OPTIONS: OptionTable<OperationOptions> = {
  id: optionalOption(string),
  description: requiredOption(text),
  args: optionalOption(OptionRules.class),
  output: optionalOption(output),
  keywords: optionalOption(strings),
  reads: optionalOption(strings),
  resource: optionalOption(objectOf(OPERATION_RESOURCE_OPTIONS)),
};

/** The keys of `@Command`. */
export const COMMAND_OPTIONS: OptionTable<CommandOptions> = {
  ...OPERATION_OPTIONS,
  idempotent: optionalOption(boolean),
  destructive: optionalOption(boolean),
  writes: optionalOption(strings),
  approval: optionalOption(boolean),
  preview: optionalOption(OptionRules.function),
};
