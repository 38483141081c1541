import { DEFAULT_EDGE_LIMITS, resolveEdgeLimits } from './edge-limits.defaults';

describe('resolveEdgeLimits', () => {
  it('applies the documented defaults (rate limit off)', () => {
    expect(resolveEdgeLimits()).toEqual(DEFAULT_EDGE_LIMITS);
    expect(DEFAULT_EDGE_LIMITS.rateLimit).toBe(false);
    expect(DEFAULT_EDGE_LIMITS.maxWsConnectionsPerAddress).toBeGreaterThanOrEqual(256);
  });

  it('keeps given limits and gives a rate limit a burst of twice its rate by default', () => {
    const limits = resolveEdgeLimits({ maxSessions: 0, rateLimit: { requestsPerSecond: 5 } });
    expect(limits.maxSessions).toBe(0);
    expect(limits.rateLimit).toEqual({ requestsPerSecond: 5, burst: 10 });
    expect(resolveEdgeLimits({ rateLimit: { requestsPerSecond: 0 } }).rateLimit).toBe(false);
  });
});
