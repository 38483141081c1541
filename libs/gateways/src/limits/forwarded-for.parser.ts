import { isIP } from 'node:net';

/**
 * The hops a proxy chain recorded, left (the first client) to right (the proxy nearest to us): the
 * `for=` of each element of an RFC 7239 `Forwarded` header, else each entry of `X-Forwarded-For`.
 * Each hop is a plain IP address (port, brackets and quotes removed; IPv4-mapped IPv6 as IPv4), or
 * undefined where a hop is not an address (`unknown`, an obfuscated `_name`, garbage). Undefined when
 * neither header is there or nothing can be read from it.
 */
export function forwardedHops(
  forwarded: string | string[] | undefined,
  xForwardedFor: string | string[] | undefined,
): Array<string | undefined> | undefined {
  const fromForwarded = forwarded === undefined ? undefined : forwardedFor(joined(forwarded));
  if (fromForwarded !== undefined) return fromForwarded;
  if (xForwardedFor === undefined) return undefined;
  const hops = joined(xForwardedFor)
    .split(',')
    .map((entry) => plainAddress(entry.trim()));
  return hops.length > 0 ? hops : undefined;
}

/** Node joins repeated headers of unknown names with `, `; a string[] is joined the same way. */
function joined(value: string | string[]): string {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The `for=` of each element; undefined when an element has none (the chain cannot be read). */
function forwardedFor(header: string): Array<string | undefined> | undefined {
  const hops: Array<string | undefined> = [];
  for (const element of header.split(',')) {
    const pair = element
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.slice(0, 4).toLowerCase() === 'for=');
    if (pair === undefined) return undefined;
    hops.push(plainAddress(pair.slice(4)));
  }
  return hops;
}

/** `1.2.3.4`, `1.2.3.4:80`, `"[2001:DB8::1]:4711"`, `2001:db8::1` → the address (IPv6 in lower case); else undefined. */
export function plainAddress(node: string): string | undefined {
  let value = node.length > 1 && node.startsWith('"') && node.endsWith('"') ? node.slice(1, -1) : node;
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    if (end < 0) return undefined;
    value = value.slice(1, end);
  } else if (value.indexOf(':') === value.lastIndexOf(':') && value.includes('.')) {
    value = value.split(':')[0];
  }
  const family = isIP(value);
  if (family === 0) return undefined;
  // One client, one bucket: IPv6 hex digits in either case name the same address.
  return unmapped(family === 6 ? value.toLowerCase() : value);
}

const IPV4_MAPPED = '::ffff:';

/** IPv4-mapped IPv6 (`::ffff:10.0.0.1`) written as IPv4, so one client has one address. */
export function unmapped(address: string): string {
  return address.toLowerCase().startsWith(IPV4_MAPPED) && address.includes('.')
    ? address.slice(IPV4_MAPPED.length)
    : address;
}
