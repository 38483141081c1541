import { BlockList, isIP } from 'node:net';

/** An address (`10.1.2.3`, `::1`) or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
export function isAddressOrRange(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  if (!/^\d{1,3}$/.test(bits) || prefix > (family === 4 ? 32 : 128)) return false;
  new BlockList().addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
  return true;
}
