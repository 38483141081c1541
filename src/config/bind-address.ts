import { isIP } from 'node:net';

/** IPv4-mapped 127.0.0.0/8 as URLs normalize it (`::ffff:127.0.0.1` → `[::ffff:7f00:1]`). */
const MAPPED_LOOPBACK = /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/;

/**
 * Whether binding this address keeps the server reachable from this machine only: `localhost`,
 * 127.0.0.0/8 and `::1` in any spelling (bracketed, expanded, IPv4-mapped). Wildcards (`0.0.0.0`,
 * `::`) and every other name or address are not.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host).toLowerCase();
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) !== 6) return false;
  const normalized = new URL(`http://[${bare}]/`).hostname;
  return normalized === '[::1]' || MAPPED_LOOPBACK.test(normalized);
}
