import { IssuerBackoff } from './issuer-backoff';

describe('IssuerBackoff', () => {
  it('waits 1 s after a failure, doubling to at most 30 s, and a success resets it', () => {
    const backoff = new IssuerBackoff();
    expect(backoff.remainingMs(0)).toBe(0);
    const waits = [];
    for (let i = 0; i < 7; i++) {
      backoff.failed(0);
      waits.push(backoff.remainingMs(0));
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(backoff.remainingMs(29_999)).toBe(1);
    backoff.succeeded();
    expect(backoff.remainingMs(0)).toBe(0);
    backoff.failed(0);
    expect(backoff.remainingMs(0)).toBe(1_000);
  });
});
