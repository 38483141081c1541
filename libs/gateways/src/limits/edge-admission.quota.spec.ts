import { classifyMessage } from '@myko/dispatch';
import { resolveGatewaysOptions } from '../gateways.options';
import { EdgeAdmission, isRefusal } from './edge-admission.service';
import { gateWsMessage } from './ws-request.gate';

describe('EdgeAdmission: quotas of access profiles', () => {
  const admission = () => new EdgeAdmission(resolveGatewaysOptions({ maxWsConnectionsPerKey: 10 }));

  it('a sessions quota replaces the per-key WebSocket cap for the principal, naming the quota; other keys keep theirs', () => {
    const edge = admission();
    const quota = { profile: 'partners', limit: 1 };
    const first = edge.reserveWsSlot('10.0.0.1', 'a'.repeat(64), quota);
    expect(isRefusal(first)).toBe(false);
    const second = edge.reserveWsSlot('10.0.0.2', 'a'.repeat(64), quota);
    expect(second).toMatchObject({
      limit: 'quota.sessions',
      quota: { name: 'sessions', profile: 'partners', limit: 1 },
    });
    for (let i = 0; i < 5; i++) expect(isRefusal(edge.reserveWsSlot('10.0.0.1', 'b'.repeat(64)))).toBe(false);
    if (!isRefusal(first)) first.release();
    expect(isRefusal(edge.reserveWsSlot('10.0.0.2', 'a'.repeat(64), quota))).toBe(false);
  });

  it('a requestsPerSecond quota refuses on the socket with -32029 and the quota in error.data', () => {
    const edge = admission();
    const subject = {
      profile: 'partners',
      quota: { limit: 1, per: 'conversation' as const },
      principal: 'key:aaaa',
      conversation: 'ws:s1',
    };
    const request = classifyMessage({ jsonrpc: '2.0', id: 7, method: 'tools/list' });
    const first = gateWsMessage(edge, request, 's1', 'key:aaaa', subject);
    expect('admitted' in first).toBe(true);
    const second = gateWsMessage(edge, request, 's1', 'key:aaaa', subject);
    expect(second).toMatchObject({
      refused: {
        id: 7,
        error: {
          code: -32029,
          data: { limit: 'quota.requestsPerSecond', profile: 'partners', per: 'conversation', quota: 1 },
        },
      },
    });
    // Another conversation of the same key has a bucket of its own.
    expect('admitted' in gateWsMessage(edge, request, 's2', 'key:aaaa', { ...subject, conversation: 'ws:s2' })).toBe(
      true,
    );
  });
});
