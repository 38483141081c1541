import { delay, InMemoryBridge } from '../../../../test/fixtures/sandbox/in-memory.bridge';
import { readThreadCpu } from '../process-host/thread-cpu.reader';
import { SandboxService } from '../sandbox.service';

/** Makes `client`'s principal heavy: a spinning run marks it at once. */
async function makeHeavy(sandbox: SandboxService, client: string): Promise<void> {
  const spun = await sandbox.run({ code: 'while (true) {}', bridge: new InMemoryBridge({}), client });
  expect(spun).toMatchObject({ ok: false, error: { kind: 'cpu' } });
}

/**
 * A script that computes in short stretches (never long enough for the CPU-hog demoter, which waits for
 * 0.2 s flat out) between 40 ms pauses, `times` times. Under 0.5 s of CPU in all, an honest client's run is
 * not taken for a spinner (which makes its principal heavy at once).
 */
const stretches = (times: number) => `for (let i = 0; i < ${times}; i++) {
  const end = Date.now() + 40;
  while (Date.now() < end);
  await myko.query('Pause');
}
return 'done';`;
const pauses = () => new InMemoryBridge({ query_Pause: () => delay(40).then(() => 'ok') });

/** Runs `stretches` for `client` and reports whether any thread of its process was at niceness 19 meanwhile. */
async function sawLowPriorityThread(sandbox: SandboxService, client: string, times = 8) {
  const pid = sandbox.status().processes[0]?.pid ?? -1;
  const demoted = () => [...(readThreadCpu(pid)?.values() ?? [])].some((thread) => thread.niceness >= 19);
  // A thread the CPU-hog demoter lowered (a spinner's) is given back once seen asleep, within 0.1 s or so.
  for (let i = 0; i < 300 && demoted(); i++) await delay(10);
  let seen = false;
  let flagged = false;
  let done = false;
  const run = sandbox.run({ code: stretches(times), bridge: pauses(), client }).finally(() => {
    done = true;
  });
  while (!done) {
    seen ||= demoted();
    flagged ||= sandbox.status().processes.some((proc) => proc.lowPriority === true);
    await delay(5);
  }
  return { result: await run, seen, flagged, pids: sandbox.status().processes.map((proc) => proc.pid) };
}

describe('low-priority runs of heavy clients (process isolation)', () => {
  let sandbox: SandboxService;

  beforeAll(async () => {
    sandbox = new SandboxService({
      processes: 1,
      maxConcurrent: 2,
      cpuTimeMs: 1_500,
      wallTimeMs: 30_000,
      // 10 s of CPU over 10 s: honest runs here stay under it; a spinning run makes its principal heavy at once.
      heavyClientCpuPercent: 50,
      maxResident: 1,
      maxQueue: 4,
    });
    await sandbox.onModuleInit();
  });
  afterAll(async () => {
    await sandbox.onApplicationShutdown();
  });

  it("runs a heavy principal's runs (any conversation) in the same processes, their threads demoted while they compute", async () => {
    const before = sandbox.status().processes.map((proc) => proc.pid);
    const honest = await sawLowPriorityThread(sandbox, 'bob/conversation-1');
    expect(honest).toMatchObject({ result: { ok: true }, seen: false, flagged: false, pids: before });

    await makeHeavy(sandbox, 'spinner/conversation-1');
    const heavy = await sawLowPriorityThread(sandbox, 'spinner/conversation-2', 40);
    expect(heavy).toMatchObject({ result: { ok: true, resultJson: '"done"' }, seen: true, flagged: true });
    // No process of its own: the same one serves it (the spinner's run did not crash it).
    expect(heavy.pids).toEqual(before);
    // Given back: a normal run afterwards computes at normal priority.
    expect(await sawLowPriorityThread(sandbox, 'bob/conversation-1')).toMatchObject({ seen: false, flagged: false });
  }, 120_000);

  it('gives a heavy principal alone every slot, and a freed slot to a waiting normal run first', async () => {
    await makeHeavy(sandbox, 'spinner/conversation-1');
    let open: () => void = () => undefined;
    const gate = new Promise<string>((resolve) => {
      open = () => resolve('opened');
    });
    // maxResident 1: the heavy run holds the one resident place, alone, without waiting for anyone.
    const held = new InMemoryBridge({ query_Wait: () => gate });
    const first = sandbox.run({ code: "return myko.query('Wait')", bridge: held, client: 'spinner/conversation-3' });
    while (held.received.length === 0) await delay(5);
    expect(sandbox.status()).toMatchObject({ running: 1, queued: 0 });
    const order: string[] = [];
    const echo = (name: string, client: string) =>
      sandbox.run({ code: `return '${name}'`, bridge: new InMemoryBridge({}), client }).then((result) => {
        order.push(name);
        return result;
      });
    const laterHeavy = echo('heavy', 'spinner/conversation-4');
    await delay(20);
    const normal = echo('normal', 'bob/conversation-1');
    while (sandbox.status().queued < 2) await delay(5);
    open();
    await Promise.all([first, laterHeavy, normal]);
    expect(order).toEqual(['normal', 'heavy']);
  }, 60_000);

  it('keeps every run at normal priority when fair shares are off', async () => {
    const off = new SandboxService({ processes: 1, cpuTimeMs: 600, heavyClientCpuPercent: 0 });
    await off.onModuleInit();
    try {
      await off.run({ code: 'while (true) {}', bridge: new InMemoryBridge({}), client: 'spinner/conversation-1' });
      expect(await sawLowPriorityThread(off, 'spinner/conversation-1')).toMatchObject({ seen: false, flagged: false });
    } finally {
      await off.onApplicationShutdown();
    }
  }, 60_000);
});
