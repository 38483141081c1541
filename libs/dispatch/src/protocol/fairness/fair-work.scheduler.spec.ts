import { FairWorkScheduler } from './fair-work.scheduler';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('FairWorkScheduler', () => {
  it('starts a task at once when nothing is queued', async () => {
    const scheduler = new FairWorkScheduler({ tasksPerTurn: 4 });
    let ran = false;
    const done = scheduler.run('a', () => {
      ran = true;
      return 7;
    });
    expect(ran).toBe(true);
    await expect(done).resolves.toBe(7);
  });

  it('serves another key before the rest of a flood (round-robin, FIFO per key)', async () => {
    const scheduler = new FairWorkScheduler({ tasksPerTurn: 4 });
    const order: string[] = [];
    const flood = Array.from({ length: 200 }, (_, i) => scheduler.run('flood', () => order.push(`flood-${i}`)));
    const honest = scheduler.run('honest', () => order.push('honest'));
    await Promise.all([...flood, honest]);
    expect(order.indexOf('honest')).toBeLessThan(order.indexOf('flood-5'));
    expect(order.filter((name) => name !== 'honest')).toEqual(flood.map((_, i) => `flood-${i}`));
  });

  it('starts at most tasksPerTurn per turn and yields to the event loop between turns', async () => {
    const scheduler = new FairWorkScheduler({ tasksPerTurn: 3 });
    const order: string[] = [];
    const tasks = Array.from({ length: 9 }, (_, i) => scheduler.run('a', () => order.push(`task-${i}`)));
    expect(order).toHaveLength(3);
    // Queued after the first turn's end: it runs between the second and the third turn.
    setImmediate(() => order.push('other'));
    await Promise.all(tasks);
    expect(order.indexOf('other')).toBe(6);
    expect(scheduler.waiting()).toBe(0);
  });

  it('ends a turn early when its tasks took turnMs of synchronous time', async () => {
    const scheduler = new FairWorkScheduler({ tasksPerTurn: 100, turnMs: 2 });
    let started = 0;
    const tasks = Array.from({ length: 5 }, () =>
      scheduler.run('a', () => {
        started++;
        busyFor(3);
      }),
    );
    expect(started).toBe(1);
    await nextTurn();
    expect(started).toBe(2);
    await Promise.all(tasks);
  });

  it('holds a key at maxRunningPerKey unsettled tasks while other keys go on', async () => {
    const scheduler = new FairWorkScheduler({ tasksPerTurn: 100, maxRunningPerKey: 2 });
    const releases: Array<() => void> = [];
    const slow = () => new Promise<void>((resolve) => releases.push(resolve));
    const flood = Array.from({ length: 5 }, () => scheduler.run('flood', slow));
    let honest = false;
    const other = scheduler.run('honest', () => {
      honest = true;
    });
    expect(releases).toHaveLength(2);
    expect(honest).toBe(true);
    expect(scheduler.waiting('flood')).toBe(3);
    releases[0]();
    await nextTurn();
    expect(releases).toHaveLength(3);
    for (let i = 1; i < 5; i++) {
      releases[i]();
      await nextTurn();
    }
    await Promise.all([...flood, other]);
  });

  it('rejects with what a task threw and goes on with the next', async () => {
    const scheduler = new FairWorkScheduler({ tasksPerTurn: 1 });
    const failed = scheduler.run('a', () => {
      throw new Error('boom');
    });
    const next = scheduler.run('a', async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });

  it('queues a batch before starting it, so its first turn is shared between its keys', async () => {
    const scheduler = new FairWorkScheduler({ tasksPerTurn: 4 });
    const order: string[] = [];
    const batch = [
      ...Array.from({ length: 10 }, (_, i) => ({ key: 'flood', task: () => order.push(`flood-${i}`) })),
      { key: 'honest', task: () => order.push('honest') },
    ];
    await scheduler.runAll(batch);
    expect(order.slice(0, 3)).toEqual(['flood-0', 'honest', 'flood-1']);
  });

  it('holds a key past its rate while other keys start at once, and runs its rest as tokens refill', async () => {
    // A token every 200 ms: the checks below hold unless the machine stalls that long between two turns (at 200/s
    // a 10 ms stall on a loaded CI machine refilled two tokens, and the honest runs' drain started them).
    const scheduler = new FairWorkScheduler({ tasksPerTurn: 100, ratePerKey: { perSecond: 5, burst: 3 } });
    let flooded = 0;
    const flood = Array.from({ length: 8 }, () => scheduler.run('flood', () => ++flooded));
    await nextTurn();
    expect(flooded).toBe(3);
    let honest = 0;
    const honestRuns = Array.from({ length: 3 }, () => scheduler.run('honest', () => ++honest));
    expect(honest).toBe(3);
    expect(scheduler.waiting('flood')).toBe(5);
    await Promise.all([...flood, ...honestRuns]);
    expect(flooded).toBe(8);
    expect(scheduler.waiting()).toBe(0);
  });

  it("serves a key's conversations in turn: one conversation's flood waits behind its own work, not its siblings'", async () => {
    const scheduler = new FairWorkScheduler({ tasksPerTurn: 4 });
    const order: string[] = [];
    const flood = Array.from({ length: 100 }, (_, i) =>
      scheduler.run('key', () => order.push(`flood-${i}`), 'flooding'),
    );
    const sibling = scheduler.run('key', () => order.push('sibling'), 'quiet');
    const other = scheduler.run('other', () => order.push('other'));
    await Promise.all([...flood, sibling, other]);
    expect(order.indexOf('sibling')).toBeLessThan(order.indexOf('flood-8'));
    expect(order.indexOf('other')).toBeLessThan(order.indexOf('flood-8'));
    expect(order.filter((name) => name.startsWith('flood'))).toEqual(flood.map((_, i) => `flood-${i}`));
    expect(scheduler.waiting()).toBe(0);
  });

  it('takes turns by key first: a key with many conversations gets no more turns than a key with one', async () => {
    const scheduler = new FairWorkScheduler({ tasksPerTurn: 1 });
    const order: string[] = [];
    const blocker = scheduler.run('blocker', () => order.push('blocker'));
    const many = Array.from({ length: 10 }, (_, i) => scheduler.run('many', () => order.push('many'), `c${i}`));
    const single = Array.from({ length: 5 }, () => scheduler.run('single', () => order.push('single')));
    await Promise.all([blocker, ...many, ...single]);
    expect(order.slice(1, 11)).toEqual(Array.from({ length: 5 }, () => ['many', 'single']).flat());
  });
});
