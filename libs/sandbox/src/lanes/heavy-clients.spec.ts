import { HeavyClients, principalOf } from './heavy-clients';

describe('HeavyClients', () => {
  it('takes the principal as the part of the key before the first slash', () => {
    expect(principalOf('key:abc/session-1')).toBe('key:abc');
    expect(principalOf('key:abc/a/b')).toBe('key:abc');
    expect(principalOf('10.0.0.7')).toBe('10.0.0.7');
  });

  it("meters the principal: its conversations' costs add up, and all of them turn low-priority together", () => {
    const heavy: string[] = [];
    // 10 % of 1 core over 10 s: 1 s of CPU.
    const clients = new HeavyClients(
      10,
      1,
      (principal) => heavy.push(principal),
      () => 0,
    );
    clients.record({ client: 'acme/c1' }, { cpuMs: 600, calls: 0 });
    expect(clients.isHeavy({ client: 'acme/c1' })).toBe(false);
    clients.record({ client: 'acme/c2' }, { cpuMs: 600, calls: 0 });
    expect([
      clients.isHeavy({ client: 'acme/c1' }),
      clients.isHeavy({ client: 'acme/c3' }),
      clients.isHeavy({ client: 'other/c1' }),
    ]).toEqual([true, true, false]);
    expect(heavy).toEqual(['acme']);
    expect(clients.isHeavy({})).toBe(false);
  });

  it('makes the principal of a spinning run heavy at once, and still tells the caller', () => {
    const clients = new HeavyClients(10, 1, undefined, () => 0);
    let told = 0;
    const request = clients.watch({
      code: '',
      bridge: { call: async () => '' },
      client: 'acme/c1',
      onCpuBound: () => told++,
    });
    request.onCpuBound?.();
    expect(told).toBe(1);
    expect(clients.isHeavy({ client: 'acme/c9' })).toBe(true);
  });

  it("uses a run's own share (its profile's sandboxCpuPercent) over the server's, even when the server's is off", () => {
    const clients = new HeavyClients(0, 1, undefined, () => 0);
    clients.record({ client: 'acme/c1' }, { cpuMs: 5_000, calls: 0 });
    expect(clients.isHeavy({ client: 'acme/c1' })).toBe(false);
    clients.record({ client: 'quota/c1', heavyCpuPercent: 10 }, { cpuMs: 1_200, calls: 0 });
    expect(clients.isHeavy({ client: 'quota/c2', heavyCpuPercent: 10 })).toBe(true);
    expect(clients.isHeavy({ client: 'quota/c2', heavyCpuPercent: 0 })).toBe(false);
  });

  it('tells who turned heavy, through which run and why, and answers the lane without moving anyone', () => {
    let now = 0;
    const told: unknown[][] = [];
    const clients = new HeavyClients(
      10,
      1,
      (...args) => told.push(args),
      () => now,
    );
    clients.record({ client: 'acme/c1' }, { cpuMs: 1_200, calls: 0 });
    const spinning = clients.watch({ code: '', bridge: { call: async () => '' }, client: 'spin/c7' });
    spinning.onCpuBound?.();
    expect(told).toEqual([
      ['acme', 'acme/c1', 'cpu-share'],
      ['spin', 'spin/c7', 'cpu-bound'],
    ]);
    expect([clients.isHeavyPrincipal('acme'), clients.isHeavyPrincipal('other')]).toEqual([true, false]);
    expect(clients.usageMs('acme')).toBeGreaterThan(1_000);
    // Faded below half its share: the view says normal, as the next run's lane would.
    now = 20_000;
    expect(clients.isHeavyPrincipal('acme')).toBe(false);
  });
});
