import { CpuGate } from './cpu-gate';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('CpuGate', () => {
  it('lets `slots` runs execute at once; a run between entries holds nothing', async () => {
    const gate = new CpuGate(1);
    const [a, b] = [gate.turn(), gate.turn()];
    let releaseA: () => void = () => undefined;
    const entryA = a.enter(() => new Promise<void>((resolve) => (releaseA = resolve)));
    const order: string[] = [];
    const entryB = b.enter(async () => void order.push('b'));
    await tick();
    expect(gate.stats).toMatchObject({ executing: 1, waiting: 1 });
    expect(order).toEqual([]);
    releaseA();
    await Promise.all([entryA, entryB]);
    expect(order).toEqual(['b']);
    // Both are between entries now (awaiting host calls): the gate is free.
    expect(gate.stats).toMatchObject({ executing: 0, waiting: 0, peakExecuting: 1 });
  });

  it('counts a run as executing from when it holds a slot, not while it waits for one', async () => {
    const gate = new CpuGate(1);
    const [holder, queued] = [gate.turn(), gate.turn()];
    let release: () => void = () => undefined;
    const held = holder.enter(() => new Promise<void>((resolve) => (release = resolve)));
    let executingSince: number | undefined;
    const waited = queued.enter(async () => {
      executingSince = queued.enteredAt;
    });
    await tick();
    expect(holder.enteredAt).toEqual(expect.any(Number));
    expect(queued.enteredAt).toBeUndefined();
    const releasedAt = performance.now();
    release();
    await Promise.all([held, waited]);
    expect(executingSince).toBeGreaterThanOrEqual(releasedAt);
    expect([holder.enteredAt, queued.enteredAt]).toEqual([undefined, undefined]);
  });

  it("shares one slot among a run's overlapping entries", async () => {
    const gate = new CpuGate(1);
    const turn = gate.turn();
    await Promise.all([turn.enter(tick), turn.enter(tick), turn.enter(tick)]);
    expect(gate.stats.peakExecuting).toBe(1);
  });

  it('frees the slot of a demoted (CPU-bound) run, at most `slots` of them at once', async () => {
    const gate = new CpuGate(1);
    const [spinner, second, honest] = [gate.turn(), gate.turn(), gate.turn()];
    let stop: () => void = () => undefined;
    const spinning = spinner.enter(() => new Promise<void>((resolve) => (stop = resolve)));
    await tick();
    spinner.demote();
    expect(gate.stats.executing).toBe(0);
    let stopSecond: () => void = () => undefined;
    const secondSpinning = second.enter(() => new Promise<void>((resolve) => (stopSecond = resolve)));
    await tick();
    second.demote();
    // A second demotion would let spinners take every core: it keeps its slot.
    expect(gate.stats.executing).toBe(1);
    const waited = honest.enter(async () => 'ran');
    stopSecond();
    expect(await waited).toBe('ran');
    stop();
    await Promise.all([spinning, secondSpinning]);
  });

  it('skips the entries of a run that ended while they waited, and passes the slot on', async () => {
    const gate = new CpuGate(1);
    const [holder, ended] = [gate.turn(), gate.turn()];
    let release: () => void = () => undefined;
    const held = holder.enter(() => new Promise<void>((resolve) => (release = resolve)));
    const skipped = ended.enter(async () => 'ran');
    await tick();
    ended.release();
    release();
    expect(await skipped).toBeUndefined();
    await held;
    expect(gate.stats).toMatchObject({ executing: 0, waiting: 0 });
  });

  it('gives low-priority runs alone every slot, and a freed slot to a waiting normal run first', async () => {
    const gate = new CpuGate(2);
    const stops: Array<() => void> = [];
    const hold = (turn: ReturnType<CpuGate['turn']>, name: string, order: string[]) =>
      turn.enter(
        () =>
          new Promise<void>((resolve) => {
            order.push(name);
            stops.push(resolve);
          }),
      );
    const order: string[] = [];
    const heavy = [hold(gate.turn(true), 'heavy-1', order), hold(gate.turn(true), 'heavy-2', order)];
    await tick();
    expect(gate.stats).toMatchObject({ executing: 2, waiting: 0 });
    expect(gate.onlyLowPriorityExecuting).toBe(true);
    const laterHeavy = hold(gate.turn(true), 'heavy-3', order);
    const normal = hold(gate.turn(), 'normal', order);
    await tick();
    expect(gate.stats).toMatchObject({ executing: 2, waiting: 2 });
    stops[0]();
    await tick();
    expect(order).toEqual(['heavy-1', 'heavy-2', 'normal']);
    expect(gate.onlyLowPriorityExecuting).toBe(false);
    stops[1]();
    await tick();
    expect(order).toEqual(['heavy-1', 'heavy-2', 'normal', 'heavy-3']);
    stops[2]();
    stops[3]();
    await Promise.all([...heavy, laterHeavy, normal]);
    expect(gate.onlyLowPriorityExecuting).toBe(false);
  });
});
