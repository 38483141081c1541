import { readThreadCpu } from '../process-host/thread-cpu.reader';
import { LOW_PRIORITY_NICENESS } from '../sandbox.constants';
import { SandboxService } from '../sandbox.service';

/** A bridge whose calls wait until `release()`: the run stays resident, so the status shows where it is. */
function heldBridge() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { bridge: { call: () => released.then(() => '7') }, release: () => release() };
}

/** The process that holds a resident run now, with its threads' niceness. */
function busyProcess(sandbox: SandboxService) {
  const proc = sandbox.status().processes.find((p) => p.running > 0);
  const niceness = [...(readThreadCpu(proc?.pid ?? -1)?.values() ?? [])].map((thread) => thread.niceness);
  return { lowPriority: proc?.lowPriority === true, niceness };
}

/** Runs `code` for `client`, holding its first call, and reports where it ran before letting it finish. */
async function whereRuns(sandbox: SandboxService, client: string) {
  const { bridge, release } = heldBridge();
  const run = sandbox.run({ code: "return await myko.query('X');", bridge, client });
  for (let i = 0; i < 200 && !sandbox.status().processes.some((p) => p.running > 0); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const where = busyProcess(sandbox);
  release();
  return { where, result: await run };
}

describe('the low-priority lane (process isolation)', () => {
  let sandbox: SandboxService;

  beforeAll(async () => {
    sandbox = new SandboxService({ isolation: 'process', processes: 1, cpuTimeMs: 1_500, heavyClientCpuPercent: 5 });
    await sandbox.onModuleInit();
  });

  afterAll(async () => {
    await sandbox.onApplicationShutdown();
  });

  it('runs a client that spun in a process of its own at low priority, and everyone else where they were', async () => {
    const before = await whereRuns(sandbox, 'spinner');
    expect(before.where.lowPriority).toBe(false);
    expect(sandbox.status().processes).toHaveLength(1);

    const spun = await sandbox.run({ code: 'while (true) {}', bridge: heldBridge().bridge, client: 'spinner' });
    expect(spun).toMatchObject({ ok: false, error: { kind: 'cpu' } });

    const heavy = await whereRuns(sandbox, 'spinner');
    expect(heavy.result).toMatchObject({ ok: true, resultJson: '7' });
    expect(heavy.where.lowPriority).toBe(true);
    expect(Math.min(...heavy.where.niceness)).toBeGreaterThanOrEqual(LOW_PRIORITY_NICENESS);

    const honest = await whereRuns(sandbox, 'honest');
    expect(honest.result).toMatchObject({ ok: true, resultJson: '7' });
    expect(honest.where).toEqual({ lowPriority: false, niceness: expect.arrayContaining([0]) });
    expect(sandbox.status().processes.map((p) => p.lowPriority === true)).toEqual([false, true]);
  });

  it('keeps one lane, and no extra process, when fair shares are off', async () => {
    const single = new SandboxService({ isolation: 'process', processes: 1, cpuTimeMs: 600, heavyClientCpuPercent: 0 });
    await single.onModuleInit();
    try {
      await single.run({ code: 'while (true) {}', bridge: heldBridge().bridge, client: 'spinner' });
      const after = await whereRuns(single, 'spinner');
      expect(after.where.lowPriority).toBe(false);
      expect(single.status().processes).toHaveLength(1);
    } finally {
      await single.onApplicationShutdown();
    }
  });
});
