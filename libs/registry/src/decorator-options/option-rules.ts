import { emptyOptionMessage, wrongOptionTypeMessage } from '../registry.messages';
import { checkOptions, isObject } from './decorator-options.checker';
import type { AnyOptionTable, OptionalOptionRow, OptionRule, RequiredOptionRow } from './option-table.interface';

/** A rule that accepts the values `fits` accepts, and names `expected` otherwise. */
export function expecting(expected: string, fits: (value: unknown) => boolean): OptionRule {
  return (value, path) => (fits(value) ? [] : [wrongOptionTypeMessage(path, expected, value)]);
}

/** A class (a constructor): DTOs, entity query classes, `String`. Arrow functions and methods are not. */
export function isClass(value: unknown): boolean {
  return typeof value === 'function' && value.prototype !== undefined;
}

const string = expecting('a string', (value) => typeof value === 'string');

/** A string with something in it besides whitespace: descriptions, names, URIs. */
const text: OptionRule = (value, path) => {
  if (typeof value !== 'string') return [wrongOptionTypeMessage(path, 'a non-empty string', value)];
  return value.trim() === '' ? [emptyOptionMessage(path)] : [];
};

/** An array whose every item passes `item`, each named by its index (`keywords[1]`). */
function arrayOf(item: OptionRule, expected = 'an array'): OptionRule {
  return (value, path) =>
    Array.isArray(value)
      ? value.flatMap((entry, index) => item(entry, `${path}[${index}]`))
      : [wrongOptionTypeMessage(path, expected, value)];
}

/** An object of the keys of `table` (checked like the decorator's own options, with its paths). */
function objectOf(table: AnyOptionTable): OptionRule {
  return (value, path) => checkOptions(value, table, path);
}

/** An object of any keys, each value passing `entry` (`complete.<variable>`). */
function recordOf(entry: OptionRule): OptionRule {
  return (value, path) =>
    isObject(value)
      ? Object.entries(value).flatMap(([key, item]) => (item === undefined ? [] : entry(item, `${path}.${key}`)))
      : [wrongOptionTypeMessage(path, 'an object', value)];
}

/** The rules option tables are written with. */
export const OptionRules = Object.freeze({
  string,
  text,
  boolean: expecting('a boolean', (value) => typeof value === 'boolean'),
  number: expecting('a number', (value) => typeof value === 'number' && Number.isFinite(value)),
  function: expecting('a function', (value) => typeof value === 'function'),
  class: expecting('a class', isClass),
  /** Any object (its keys are free: arguments, a JSON Schema). */
  object: expecting('an object', isObject),
  strings: arrayOf(string, 'an array of strings'),
  arrayOf,
  objectOf,
  recordOf,
});

/** The row of an option that must be given. */
export function requiredOption(rule: OptionRule): RequiredOptionRow {
  return { rule, required: true };
}

/** The row of an option that may be left out. */
export function optionalOption(rule: OptionRule): OptionalOptionRow {
  return { rule };
}
