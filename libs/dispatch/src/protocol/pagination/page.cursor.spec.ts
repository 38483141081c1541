import { decodeCursor, encodeCursor, fingerprint } from './page.cursor';

describe('page cursors', () => {
  it('are short, and give back the offset for the scope they were issued for only', () => {
    const cursor = encodeCursor(40, 'search\u0000order');
    expect(cursor).toBe(`14.${fingerprint('search\u0000order')}`);
    expect(decodeCursor(cursor, 'search\u0000order')).toBe(40);
    expect(decodeCursor(cursor, 'search\u0000customer')).toBeUndefined();
  });

  it('still read the base64 JSON cursors of the previous release (a replica not yet upgraded issued them)', () => {
    const legacy = Buffer.from(JSON.stringify({ o: 7, h: fingerprint('tools') })).toString('base64url');
    expect(decodeCursor(legacy, 'tools')).toBe(7);
    expect(decodeCursor(legacy, 'resources')).toBeUndefined();
  });

  it('refuse anything else: garbage, negative or unsafe offsets, a fingerprint of another scope', () => {
    const h = fingerprint('tools');
    for (const cursor of ['', 'x', `-1.${h}`, `zzzzzzzzzzz.${h}`, `5.${h}0`, `5.${h}.1`, 'bnVsbA', '5.zz']) {
      expect(decodeCursor(cursor, 'tools')).toBeUndefined();
    }
    const unsafe = Buffer.from(JSON.stringify({ o: 2 ** 60, h })).toString('base64url');
    expect(decodeCursor(unsafe, 'tools')).toBeUndefined();
  });
});
