import { AddressAllowList } from './address-allow-list';

describe('AddressAllowList', () => {
  const list = new AddressAllowList(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);

  it('allows listed addresses and ranges, IPv4-mapped IPv6 read as IPv4', () => {
    expect(list.allows('127.0.0.1')).toBe(true);
    expect(list.allows('::ffff:127.0.0.1')).toBe(true);
    expect(list.allows('10.200.3.4')).toBe(true);
    expect(list.allows('fd12::1')).toBe(true);
  });

  it('refuses everything else, and an absent or malformed address', () => {
    expect(list.allows('127.0.0.2')).toBe(false);
    expect(list.allows('11.0.0.1')).toBe(false);
    expect(list.allows('::1')).toBe(false);
    expect(list.allows(undefined)).toBe(false);
    expect(list.allows('not-an-ip')).toBe(false);
    expect(new AddressAllowList([]).allows('127.0.0.1')).toBe(false);
  });
});
