import { KeyRateBuckets } from './key-rate.buckets';

describe('KeyRateBuckets', () => {
  let now = 0;
  const buckets = () => new KeyRateBuckets({ perSecond: 10, burst: 3 }, () => now);

  beforeEach(() => {
    now = 1_000;
  });

  it('lets a key start its burst at once, then holds it until a token refills', () => {
    const rates = buckets();
    for (let i = 0; i < 3; i++) {
      expect(rates.allows('a')).toBe(true);
      rates.take('a');
    }
    expect(rates.allows('a')).toBe(false);
    expect(rates.waitMs('a')).toBe(100);
    now += 100;
    expect(rates.allows('a')).toBe(true);
  });

  it('keeps keys apart: one key spending its tokens leaves another untouched', () => {
    const rates = buckets();
    for (let i = 0; i < 3; i++) rates.take('flood');
    expect(rates.allows('flood')).toBe(false);
    expect(rates.allows('honest')).toBe(true);
    expect(rates.waitMs('honest')).toBe(0);
  });

  it('refills no further than the burst however long a key was idle', () => {
    const rates = buckets();
    rates.take('a');
    now += 60_000;
    for (let i = 0; i < 3; i++) rates.take('a');
    expect(rates.allows('a')).toBe(false);
  });
});
