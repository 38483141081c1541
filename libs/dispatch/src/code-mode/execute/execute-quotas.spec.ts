import { ClientFilters } from '@myko/filter';
import type { ClientContext } from '../../interfaces/client-context.interface';
import { ExecuteQuotas } from './execute-quotas';

const client = (principal?: string): ClientContext => ({
  transport: 'http',
  sessionId: 's1',
  clientId: 'key:abc',
  ...(principal ? { principal } : {}),
  filters: ClientFilters.ALLOW_ALL,
});

describe('ExecuteQuotas', () => {
  const quotas = new ExecuteQuotas({
    partners: { runsAtOnce: { limit: 2, per: 'conversation' }, sandboxCpuPercent: { limit: 20, per: 'principal' } },
    principals: { runsAtOnce: { limit: 3, per: 'principal' } },
  });

  it('counts runsAtOnce on the conversation or the principal, as the profile says', () => {
    expect(quotas.runsQuota(client('partners'))).toEqual({
      profile: 'partners',
      quota: { limit: 2, per: 'conversation' },
      key: 'key:abc/s1',
    });
    expect(quotas.runsQuota(client('principals'))?.key).toBe('key:abc');
    expect(quotas.runsQuota(client())).toBeUndefined();
  });

  it("passes the profile's sandboxCpuPercent on as the run's heavyCpuPercent, nothing without one", () => {
    expect(quotas.cpu(client('partners'))).toEqual({ heavyCpuPercent: 20 });
    expect(quotas.cpu(client('principals'))).toEqual({});
  });
});
