import { CALL_COST_MS, ClientUsageMeter, RUN_SETUP_COST_MS, runCostMs, USAGE_WINDOW_MS } from './client-usage.meter';

describe('ClientUsageMeter', () => {
  let now: number;
  let meter: ClientUsageMeter;

  beforeEach(() => {
    now = 0;
    meter = new ClientUsageMeter(1_000, () => now);
  });

  it('makes a client heavy once its recent cost passes the limit, and no other client with it', () => {
    expect(meter.record('flood', 600)).toBe(false);
    expect(meter.isHeavy('flood')).toBe(false);
    // Told once, on the run that made it heavy, not on every run after.
    expect(meter.record('flood', 500)).toBe(true);
    expect(meter.record('flood', 500)).toBe(false);
    expect(meter.isHeavy('flood')).toBe(true);
    expect(meter.isHeavy('honest')).toBe(false);
  });

  it('lets the cost fade over the window, so a steady rate settles at rate × window', () => {
    meter.record('a', 1_000);
    now = USAGE_WINDOW_MS;
    expect(meter.usageMs('a')).toBeCloseTo(1_000 / Math.E, 6);
    const steady = new ClientUsageMeter(Number.POSITIVE_INFINITY, () => now);
    // 100 ms of cost a second for a minute: about 100 × 10 s.
    for (let second = 0; second < 60; second++, now += 1_000) steady.record('s', 100);
    expect(steady.usageMs('s')).toBeGreaterThan(900);
    expect(steady.usageMs('s')).toBeLessThan(1_000);
  });

  it('keeps a heavy client heavy until its use has fallen to half the limit', () => {
    meter.record('a', 1_200);
    now = USAGE_WINDOW_MS * Math.log(1_200 / 500) - 100;
    expect(meter.isHeavy('a')).toBe(true);
    // Above the limit's half but below the limit: a client that was not heavy stays not heavy.
    meter.record('b', 800);
    expect(meter.isHeavy('b')).toBe(false);
    now = USAGE_WINDOW_MS * Math.log(1_200 / 500) + 100;
    expect(meter.isHeavy('a')).toBe(false);
  });

  it('forgets clients whose use has faded, so the map holds only recent clients', () => {
    for (let i = 0; i < 100; i++) meter.record(`c${i}`, 10);
    expect(meter.size).toBe(100);
    now = 20 * USAGE_WINDOW_MS;
    meter.record('late', 10);
    expect(meter.size).toBe(1);
  });

  it('charges a run its isolate time, its setup and its calls', () => {
    expect(runCostMs({ cpuMs: 3, calls: 4 })).toBe(3 + RUN_SETUP_COST_MS + 4 * CALL_COST_MS);
  });
});

describe('ClientUsageMeter.markHeavy', () => {
  it('makes a client heavy at once, for as long as a client at the limit', () => {
    let now = 0;
    const meter = new ClientUsageMeter(1_000, () => now);
    expect(meter.markHeavy('spinner')).toBe(true);
    expect(meter.markHeavy('spinner')).toBe(false);
    expect(meter.isHeavy('spinner')).toBe(true);
    now = USAGE_WINDOW_MS * Math.log(2) + 1;
    expect(meter.isHeavy('spinner')).toBe(false);
    expect(meter.markHeavy('spinner')).toBe(true);
  });
});
