import {
  expecting,
  isClass,
  OptionRules,
  type OptionTable,
  optionalOption,
  requiredOption,
} from '../decorator-options';
import type {
  CommandCompensation,
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

/** A function `(args, result) => args`, or an object of `'args.<name>'` / `'result.<name>'` paths. */
const compensationArgs = expecting(
  "a function (args, result) => ({ … }) or an object of 'args.<name>' / 'result.<name>' paths",
  (value) =>
    typeof value === 'function' ||
    (typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.values(value).every((path) => typeof path === 'string' && /^(args|result)(\.[^.]+)+$/.test(path))),
);

/** The keys of `compensate` on a command. */
export const COMMAND_COMPENSATION_OPTIONS: OptionTable<CommandCompensation> = {
  command: requiredOption(text),
  args: optionalOption(compensationArgs),
};

/** The keys of `@Command`. */
export const COMMAND_OPTIONS: OptionTable<CommandOptions> = {
  ...OPERATION_OPTIONS,
  idempotent: optionalOption(boolean),
  destructive: optionalOption(boolean),
  writes: optionalOption(strings),
  approval: optionalOption(boolean),
  preview: optionalOption(OptionRules.function),
  compensate: optionalOption(objectOf(COMMAND_COMPENSATION_OPTIONS)),
};
