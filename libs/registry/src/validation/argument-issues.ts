import type { ValidationError } from 'class-validator';
import type { ArgumentIssue } from '../errors';
import { MISSING_ARGUMENT, UNKNOWN_ARGUMENT } from '../registry.messages';

/** class-validator's constraint name for a key that no decorator declares (`forbidNonWhitelisted`). */
const WHITELIST_CONSTRAINT = 'whitelistValidation';

/**
 * Constraints that check the kind of value. When one fails, the others on the same field (ranges,
 * lengths) are noise: `"2"` is not "less than 1", it is not a number.
 */
const TYPE_CONSTRAINTS = new Set([
  'isString',
  'isInt',
  'isNumber',
  'isBoolean',
  'isArray',
  'isObject',
  'isDate',
  'nestedValidation',
]);

/**
 * Flattens class-validator's error tree into one issue per bad field, with paths such as
 * `lines[0].quantity`, in the order class-validator reports them.
 */
export function toArgumentIssues(errors: readonly ValidationError[], parentPath = ''): ArgumentIssue[] {
  return errors.flatMap((error) => {
    const path = joinPath(parentPath, error.property);
    const reasons = reasonsOf(error);
    const own = reasons.length > 0 ? [{ path, reasons }] : [];
    return [...own, ...toArgumentIssues(error.children ?? [], path)];
  });
}

function reasonsOf({ property, constraints = {}, value }: ValidationError): string[] {
  const failed = Object.keys(constraints);
  // Optional fields are not validated when absent, so a failing absent field is a required one.
  if (value === undefined && failed.length > 0 && !failed.includes(WHITELIST_CONSTRAINT)) return [MISSING_ARGUMENT];
  const typeFailures = failed.filter((name) => TYPE_CONSTRAINTS.has(name));
  return (typeFailures.length > 0 ? typeFailures : failed).map((name) =>
    name === WHITELIST_CONSTRAINT ? UNKNOWN_ARGUMENT : withoutSubject(constraints[name], property),
  );
}

/** `quantity must not be less than 1` → `must not be less than 1`: the path already names the field. */
function withoutSubject(message: string, property: string): string {
  return message.startsWith(`${property} `) ? message.slice(property.length + 1) : message;
}

function joinPath(parent: string, property: string): string {
  if (!parent) return property;
  return /^\d+$/.test(property) ? `${parent}[${property}]` : `${parent}.${property}`;
}
