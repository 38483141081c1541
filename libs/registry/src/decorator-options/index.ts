export { checkOptions, isObject } from './decorator-options.checker';
export { inspectOptions, invalidOptionsOf, recordInvalidOptions } from './invalid-options.record';
export { expecting, isClass, OptionRules, optionalOption, requiredOption } from './option-rules';
export type {
  AnyOptionTable,
  InvalidDecoratorOptions,
  OptionalOptionRow,
  OptionRow,
  OptionRule,
  OptionTable,
  RequiredOptionRow,
} from './option-table.interface';
