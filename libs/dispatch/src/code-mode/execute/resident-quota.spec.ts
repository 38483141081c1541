import { ResidentQuota } from './resident-quota';

describe('ResidentQuota', () => {
  const caps = { perSession: 2, perKey: 3, perAddress: 4 };

  it('caps a session, then refuses without taking anything, and frees on release (once)', () => {
    const quota = new ResidentQuota(caps);
    const first = quota.take('s1', 'address:10.0.0.1');
    const second = quota.take('s1', 'address:10.0.0.1');
    expect(typeof first).toBe('function');
    expect(typeof second).toBe('function');
    expect(quota.take('s1', 'address:10.0.0.1')).toMatchObject({
      limit: 'execute-runs-per-session',
      retryAfterMs: 1_000,
    });
    // The refusal took nothing: the address has room for two more sessions' runs.
    expect(typeof quota.take('s2', 'address:10.0.0.1')).toBe('function');
    expect(typeof quota.take('s3', 'address:10.0.0.1')).toBe('function');
    expect(quota.take('s4', 'address:10.0.0.1')).toMatchObject({ limit: 'execute-runs-per-address' });
    (first as () => void)();
    (first as () => void)();
    expect(typeof quota.take('s4', 'address:10.0.0.1')).toBe('function');
    expect(quota.take('s5', 'address:10.0.0.1')).toMatchObject({ limit: 'execute-runs-per-address' });
  });

  it('counts a key over its sessions, apart from addresses; 0 is no cap', () => {
    const quota = new ResidentQuota(caps);
    for (const session of ['a', 'b', 'c']) expect(typeof quota.take(session, 'key:k1')).toBe('function');
    expect(quota.take('d', 'key:k1')).toMatchObject({ limit: 'execute-runs-per-key' });
    expect(typeof quota.take('d', 'key:k2')).toBe('function');
    const open = new ResidentQuota({ perSession: 0, perKey: 0, perAddress: 0 });
    for (let i = 0; i < 100; i++) expect(typeof open.take('s', 'key:k')).toBe('function');
  });

  it('forgets scopes that hold nothing', () => {
    const quota = new ResidentQuota(caps);
    const release = quota.take('s', 'key:k') as () => void;
    expect(quota.size).toBe(2);
    release();
    expect(quota.size).toBe(0);
  });
});

describe("ResidentQuota: a profile's runsAtOnce quota", () => {
  const caps = { perSession: 0, perKey: 10, perAddress: 10 };
  const perConversation = (key: string) => ({
    profile: 'partners',
    quota: { limit: 1, per: 'conversation' as const },
    key,
  });

  it('counts each conversation apart and names the quota when one is full', () => {
    const quota = new ResidentQuota(caps);
    const held = quota.take('s1', 'key:k1', perConversation('key:k1/s1'));
    expect(typeof held).toBe('function');
    expect(quota.take('s1', 'key:k1', perConversation('key:k1/s1'))).toMatchObject({
      limit: 'quota.runsAtOnce',
      retryAfterMs: 1_000,
      quota: { profile: 'partners', per: 'conversation', limit: 1 },
    });
    expect(typeof quota.take('s2', 'key:k1', perConversation('key:k1/s2'))).toBe('function');
    (held as () => void)();
    expect(typeof quota.take('s1', 'key:k1', perConversation('key:k1/s1'))).toBe('function');
  });

  it('never lifts a safety cap: the per-key cap refuses first', () => {
    const quota = new ResidentQuota({ perSession: 0, perKey: 1, perAddress: 0 });
    const big = { profile: 'partners', quota: { limit: 100, per: 'principal' as const }, key: 'key:k1' };
    expect(typeof quota.take('s1', 'key:k1', big)).toBe('function');
    expect(quota.take('s2', 'key:k1', big)).toMatchObject({ limit: 'execute-runs-per-key' });
  });
});
