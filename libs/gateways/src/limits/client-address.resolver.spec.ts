import type { IncomingMessage } from 'node:http';
import { ClientAddressResolver } from './client-address.resolver';
import { forwardedHops, plainAddress } from './forwarded-for.parser';

function request(peer: string, headers: Record<string, string | string[]> = {}): IncomingMessage {
  return { socket: { remoteAddress: peer }, headers } as unknown as IncomingMessage;
}

describe('forwardedHops', () => {
  it('reads Forwarded for= (quoted, bracketed, with ports, any case) before X-Forwarded-For', () => {
    const forwarded =
      'for=192.0.2.60;proto=http;by=203.0.113.43, For="[2001:DB8:cafe::17]:4711", for="198.51.100.1:80"';
    expect(forwardedHops(forwarded, '10.0.0.1')).toEqual(['192.0.2.60', '2001:db8:cafe::17', '198.51.100.1']);
    expect(forwardedHops(undefined, ' 203.0.113.7 , ::ffff:10.1.2.3,2001:db8::1')).toEqual([
      '203.0.113.7',
      '10.1.2.3',
      '2001:db8::1',
    ]);
    expect(forwardedHops(undefined, ['1.1.1.1', '2.2.2.2'])).toEqual(['1.1.1.1', '2.2.2.2']);
  });

  it('marks hops that are no address, and reads no chain from a Forwarded element without for=', () => {
    expect(forwardedHops('for=unknown, for=_hidden', undefined)).toEqual([undefined, undefined]);
    expect(forwardedHops('proto=https', '10.0.0.1')).toEqual(['10.0.0.1']);
    expect(forwardedHops(undefined, undefined)).toBeUndefined();
    expect(plainAddress('"[::1')).toBeUndefined();
    expect(plainAddress('')).toBeUndefined();
  });
});

describe('ClientAddressResolver', () => {
  const resolver = new ClientAddressResolver({ trustedProxies: ['127.0.0.1', '10.0.0.0/8', 'fd00::/8'] });

  it('ignores the headers of an untrusted peer', () => {
    expect(resolver.of(request('203.0.113.9', { 'x-forwarded-for': '1.2.3.4' }))).toBe('203.0.113.9');
    expect(resolver.of(request('::ffff:203.0.113.9', { forwarded: 'for=1.2.3.4' }))).toBe('203.0.113.9');
    const none = new ClientAddressResolver({ trustedProxies: [] });
    expect(none.of(request('127.0.0.1', { 'x-forwarded-for': '1.2.3.4' }))).toBe('127.0.0.1');
  });

  it('takes the right-most hop that is no trusted proxy, the left-most when all are', () => {
    const chain = { 'x-forwarded-for': '6.6.6.6, 198.51.100.2, 10.1.1.1, fd00::3' };
    expect(resolver.of(request('::ffff:127.0.0.1', chain))).toBe('198.51.100.2');
    expect(resolver.of(request('127.0.0.1', { 'x-forwarded-for': '10.0.0.5, 10.0.0.6' }))).toBe('10.0.0.5');
  });

  it('falls back to the peer on a malformed or unusable chain, and never throws', () => {
    for (const header of ['garbage', '1.2.3.4, nonsense', '', ', ,', 'unknown']) {
      expect(resolver.of(request('127.0.0.1', { 'x-forwarded-for': header }))).toBe('127.0.0.1');
    }
    expect(resolver.of(request('127.0.0.1', { forwarded: 'for="[2001:db8::1"' }))).toBe('127.0.0.1');
    expect(resolver.of(request('127.0.0.1', { forwarded: ';;,,==' }))).toBe('127.0.0.1');
  });

  it('resolves a request once', () => {
    const req = request('127.0.0.1', { 'x-forwarded-for': '198.51.100.9' });
    expect(resolver.of(req)).toBe('198.51.100.9');
    req.headers['x-forwarded-for'] = '198.51.100.10';
    expect(resolver.of(req)).toBe('198.51.100.9');
  });
});
