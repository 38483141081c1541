import { BridgeCallScheduler } from './bridge-call.scheduler';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('BridgeCallScheduler', () => {
  it('works on at most maxParallel calls at once and runs every call', async () => {
    const scheduler = new BridgeCallScheduler(2);
    let active = 0;
    let peak = 0;
    const done: number[] = [];
    for (let i = 0; i < 10; i++) {
      scheduler.schedule(async () => {
        active++;
        peak = Math.max(peak, active);
        await Promise.resolve();
        active--;
        done.push(i);
      });
    }
    for (let i = 0; i < 20 && done.length < 10; i++) await turn();
    expect(done).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(peak).toBe(2);
  });

  it('lets other work run between batches of a burst', async () => {
    const scheduler = new BridgeCallScheduler(2);
    const events: string[] = [];
    for (let i = 0; i < 6; i++) {
      scheduler.schedule(async () => {
        events.push(`call ${i}`);
      });
    }
    setImmediate(() => events.push('other client'));
    for (let i = 0; i < 10 && events.length < 7; i++) await turn();
    expect(events.indexOf('other client')).toBeGreaterThan(events.indexOf('call 1'));
    expect(events.indexOf('other client')).toBeLessThan(events.indexOf('call 5'));
  });

  it('starts parallel calls waiting on I/O at once (five 50 ms calls take 50 ms, not 100)', async () => {
    const scheduler = new BridgeCallScheduler();
    let active = 0;
    let peak = 0;
    const ends: Promise<void>[] = [];
    for (let i = 0; i < 5; i++) {
      ends.push(
        new Promise<void>((resolve) =>
          scheduler.schedule(async () => {
            peak = Math.max(peak, ++active);
            await new Promise((done) => setTimeout(done, 50));
            active--;
            resolve();
          }),
        ),
      );
    }
    await Promise.all(ends);
    expect(peak).toBe(5);
  });

  it('yields to other I/O once the calls of a burst have taken its budget of synchronous time', async () => {
    const scheduler = new BridgeCallScheduler(32, 2);
    const events: string[] = [];
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    for (let i = 0; i < 6; i++) {
      scheduler.schedule(async () => {
        busy(1.5);
        events.push(`call ${i}`);
      });
    }
    setImmediate(() => events.push('other client'));
    for (let i = 0; i < 20 && events.length < 7; i++) await turn();
    // Two calls of 1.5 ms spend the 2 ms budget; the rest wait for the next turns.
    expect(events.indexOf('other client')).toBeLessThan(events.indexOf('call 5'));
    expect(events.filter((event) => event.startsWith('call'))).toHaveLength(6);
  });

  it('drops the calls not started when cleared', async () => {
    const scheduler = new BridgeCallScheduler(1);
    const started: number[] = [];
    for (let i = 0; i < 3; i++) scheduler.schedule(async () => void started.push(i));
    scheduler.clear();
    await turn();
    await turn();
    expect(started).toEqual([0]);
  });
});
