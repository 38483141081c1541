import { InFlightLimiter } from './in-flight.limiter';

describe('InFlightLimiter', () => {
  it('admits up to max per key and frees a place on release, once', () => {
    const limiter = new InFlightLimiter(2);
    const first = limiter.tryAcquire('s1');
    const second = limiter.tryAcquire('s1');
    expect(first && second).toBeDefined();
    expect(limiter.tryAcquire('s1')).toBeUndefined();
    expect(limiter.tryAcquire('s2')).toBeDefined();
    first?.();
    first?.();
    expect(limiter.inFlight('s1')).toBe(1);
    expect(limiter.tryAcquire('s1')).toBeDefined();
  });

  it('forgets a key whose requests have all ended', () => {
    const limiter = new InFlightLimiter(1);
    limiter.tryAcquire('s1')?.();
    expect(limiter.size).toBe(0);
  });

  it('admits everything with max 0', () => {
    const limiter = new InFlightLimiter(0);
    for (let i = 0; i < 1_000; i += 1) expect(limiter.tryAcquire('s')).toBeDefined();
  });
});
