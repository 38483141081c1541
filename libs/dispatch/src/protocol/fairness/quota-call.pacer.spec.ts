import { ClientFilters } from '@myko/filter';
import type { ClientContext } from '../../interfaces/client-context.interface';
import { QuotaCallPacer } from './quota-call.pacer';

function client(sessionId: string, clientId: string, principal = 'partners'): ClientContext {
  return { transport: 'http', sessionId, clientId, principal, filters: ClientFilters.ALLOW_ALL };
}

describe('QuotaCallPacer (profiles.<name>.quotas.callsPerSecond)', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => {
    now = 0;
  });

  it('lets a second of calls through at once, then spaces the rest at the quota, per principal', () => {
    const pacer = new QuotaCallPacer({ partners: { callsPerSecond: { limit: 4, per: 'principal' } } }, clock);
    const a = client('s1', 'key:a');
    const waits = Array.from({ length: 6 }, () => pacer.reserve(a));
    expect(waits).toEqual([0, 0, 0, 0, 250, 500]);
    // Another key of the same profile has a budget of its own.
    expect(pacer.reserve(client('s2', 'key:b'))).toBe(0);
    now = 2_000;
    expect(pacer.reserve(a)).toBe(0);
  });

  it('per conversation: two sessions of one key wait each for their own budget', () => {
    const pacer = new QuotaCallPacer({ partners: { callsPerSecond: { limit: 1, per: 'conversation' } } }, clock);
    expect(pacer.reserve(client('s1', 'key:a'))).toBe(0);
    expect(pacer.reserve(client('s1', 'key:a'))).toBe(1_000);
    expect(pacer.reserve(client('s2', 'key:a'))).toBe(0);
  });

  it('no quota on the profile (or no profile): no wait, nothing remembered', () => {
    const pacer = new QuotaCallPacer({ partners: { runsAtOnce: { limit: 1, per: 'principal' } } }, clock);
    for (let i = 0; i < 100; i++) expect(pacer.reserve(client('s1', 'key:a'))).toBe(0);
    expect(pacer.reserve({ transport: 'http', sessionId: 's', filters: ClientFilters.ALLOW_ALL })).toBe(0);
    expect(pacer.size).toBe(0);
  });
});
