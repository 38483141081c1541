function definedKeys(value: object): string[] {
  return Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined);
}

/**
 * JSON equality: the same JSON value once serialized. Objects compare key-order-insensitively, arrays
 * in order, numbers by value (`1` equals `1.0`); an `undefined` property counts as absent, as in JSON.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  }
  const keys = definedKeys(a);
  if (keys.length !== definedKeys(b).length) return false;
  const other = b as Record<string, unknown>;
  return keys.every((key) => Object.hasOwn(other, key) && jsonEqual((a as Record<string, unknown>)[key], other[key]));
}
