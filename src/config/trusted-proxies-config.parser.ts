import { isAddressOrRange } from './address-range';

type Add = (path: string, problem: string) => void;

/** Validates the top-level `trustedProxies` (addresses and CIDR ranges); returns the valid list. */
export function parseTrustedProxies(value: unknown, add: Add): string[] | undefined {
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [];
  const bad = list.filter((entry) => typeof entry !== 'string' || !isAddressOrRange(entry));
  if (!Array.isArray(value) || bad.length > 0) {
    add('trustedProxies', 'expected an array of IP addresses or CIDR ranges (10.0.0.0/8, ::1)');
    return undefined;
  }
  return list as string[];
}

/**
 * `--trusted-proxy` entries, checked like the file's; undefined when they all are addresses or ranges,
 * else the first that is not.
 */
export function badTrustedProxy(entries: readonly string[]): string | undefined {
  return entries.find((entry) => !isAddressOrRange(entry));
}
