import { BlockList, isIP } from 'node:net';

/** The client addresses (IPs, CIDR ranges) allowed to read an endpoint, e.g. `/metrics`. */
export class AddressAllowList {
  private readonly list = new BlockList();

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const [address, bits] = entry.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) this.list.addAddress(address, family);
      else this.list.addSubnet(address, Number(bits), family);
    }
  }

  /** Whether a peer address (IPv4-mapped IPv6 read as IPv4) is allowed. */
  allows(address: string | undefined): boolean {
    if (!address) return false;
    const plain = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
    const family = isIP(plain);
    return family !== 0 && this.list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  }
}
