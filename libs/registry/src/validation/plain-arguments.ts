import { InvalidArgumentsError } from '../errors';
import { ARGUMENTS_PATH, notAnObjectMessage, UNKNOWN_ARGUMENT } from '../registry.messages';

/** Keys `JSON.parse` makes own keys, which neither a DTO nor a schema validator looks at. */
const RESERVED_KEYS = ['__proto__', 'constructor', 'prototype'];

/**
 * The checks every argument validator makes first, so class-validator and JSON-Schema operations fail alike:
 * the arguments (absent: `{}`) are a plain object with no reserved key.
 * @throws InvalidArgumentsError otherwise
 */
export function plainArguments(operation: string, raw: unknown): Record<string, unknown> {
  const plain = raw ?? {};
  if (!isPlainObject(plain)) {
    throw new InvalidArgumentsError(operation, [{ path: ARGUMENTS_PATH, reasons: [notAnObjectMessage(plain)] }]);
  }
  const reserved = RESERVED_KEYS.filter((key) => Object.hasOwn(plain, key));
  if (reserved.length > 0) {
    throw new InvalidArgumentsError(
      operation,
      reserved.map((path) => ({ path, reasons: [UNKNOWN_ARGUMENT] })),
    );
  }
  return plain;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
