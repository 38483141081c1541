import { closestName } from '@myko/registry';

/**
 * What a config parser says of a key it does not know: the keys it does, and the one most likely
 * meant when the key is a near miss (`tooolMode` → `toolMode`), so a typo is fixed without reading
 * the list.
 */
export function unknownPropertyMessage(key: string, known: readonly string[]): string {
  const meant = closestName(key, known);
  const hint = meant === undefined ? '' : `; did you mean "${meant}"?`;
  return `unknown property (expected one of: ${known.join(', ')})${hint}`;
}
