import { delay, InMemoryBridge } from '../../../test/fixtures/sandbox/in-memory.bridge';
import { isAlive, waitUntilGone } from '../../../test/fixtures/sandbox/process-liveness';
import { useReleases } from '../../../test/helpers/releases';
import type { SandboxRunResult } from './interfaces/sandbox-run.interface';
import { SandboxService } from './sandbox.service';

const failure = (result: SandboxRunResult) => (result.ok ? undefined : result.error);

/**
 * The attacks that an in-process sandbox cannot contain (they stall or kill the whole process), each run
 * against ONE service with process isolation: every one ends as a clear failure, the sandbox process is
 * replaced, and the same service answers a normal run within seconds. This jest worker is the server here:
 * if it died, the suite would fail.
 */
describe('SandboxService with process isolation, against scripts that crash V8', () => {
  let sandbox: SandboxService;
  const bridge = new InMemoryBridge({ query_Echo: (args) => args, command_Log: (args) => args });
  // The process taking runs: a spent one stays listed (retiring) until it has exited, which takes a while on a loaded machine.
  const pid = () => sandbox.status().processes.find((process) => !process.retiring)?.pid ?? 0;

  beforeAll(async () => {
    // One process, so that each attack's process is the one `pid()` names; no resident memory watch, whose
    // stop would come before the crashes these tests contain (it has tests of its own).
    sandbox = new SandboxService({
      memoryMb: 64,
      wallTimeMs: 40_000,
      // Room for the allocation attacks to reach their memory failure first: their page faults spent 1 s of
      // CPU at load 9 and over 5 s at load 10 before V8 gave up, and the CPU limit answered instead.
      cpuTimeMs: 30_000,
      processes: 1,
      processRssLimitMb: 1_000_000,
    });
    await sandbox.onModuleInit();
  });
  afterAll(async () => {
    const pids = sandbox.status().processes.map((process) => process.pid);
    await sandbox.onApplicationShutdown();
    for (const id of pids) expect(isAlive(id)).toBe(false);
  });

  /** The same service serves a normal run afterwards (how soon is the bench's to measure, not a test's). */
  async function expectServing(): Promise<void> {
    expect(await sandbox.run({ code: "return myko.query('Echo', { still: 'serving' })", bridge })).toMatchObject({
      ok: true,
      resultJson: '{"still":"serving"}',
    });
  }

  it('contains `a.concat(a, a, a)` of a 64 Mi array (V8 loses the isolate): memory failure, process replaced', async () => {
    const before = pid();
    const result = await sandbox.run({
      code: 'const a = new Array(2 ** 26).fill(1);\nreturn a.concat(a, a, a).length;',
      bridge,
    });
    // Ended by the memory limit, not the wall clock (whose failure is kind 'timeout').
    expect(failure(result)).toMatchObject({ kind: 'memory', name: 'SandboxMemoryLimitError', limit: 64 });
    expect(sandbox.status().catastrophicErrors).toBe(1);
    await expectServing();
    expect(pid()).not.toBe(before);
    // The spent process (its lost isolate thread may still be spinning) is gone, not parked.
    expect(await waitUntilGone(before)).toBe(true);
  });

  it("contains `'x'.repeat(2 ** 29 - 24).split('')` (V8 aborts the process): a clear crash failure", async () => {
    const before = pid();
    const crashes = sandbox.status().crashes;
    const result = await sandbox.run({ code: "return 'x'.repeat(2 ** 29 - 24).split('').length;", bridge });
    expect(failure(result)).toMatchObject({ kind: 'memory', name: 'SandboxCrashError' });
    // SIGTRAP from V8 here; the system's OOM killer (SIGKILL) would be reported as memory too.
    expect(failure(result)?.message).toMatch(
      /^The sandbox process crashed while running this script \((V8 gave up with SIG[A-Z]+|the process was killed).*\); the server is unaffected/,
    );
    expect(sandbox.status().crashes).toBe(crashes + 1);
    await expectServing();
    expect(pid()).not.toBe(before);
    expect(await waitUntilGone(before)).toBe(true);
  });

  it('contains JSON.stringify of a 256 MB string (one long uninterruptible operation) within the wall clock', async () => {
    const started = Date.now();
    const result = await sandbox.run({
      code: "const s = 'x'.repeat(2 ** 28);\nconsole.log({ s });\nreturn JSON.stringify(s).length;",
      bridge,
      timeoutMs: 1_000,
    });
    expect(['timeout', 'memory', 'cpu']).toContain(failure(result)?.kind);
    // Wall clock, plus the server's grace period if the sandbox process could not answer itself.
    expect(Date.now() - started).toBeLessThan(1_000 + 1_500 + 2_000);
    await expectServing();
  });

  it('fails a run whose process crashes with a call in flight (the call is aborted, completed calls stay); replays the read-only run beside it', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const waiting = new InMemoryBridge({ query_Wait: () => gate.then(() => 'opened') });
    const beside = sandbox.run({ code: "return myko.query('Wait')", bridge: waiting });
    while (waiting.received.length === 0) await delay(5);
    const signals: AbortSignal[] = [];
    let answeredLate = false;
    const calls = new InMemoryBridge({
      command_Log: (args) => args,
      query_Echo: (args) => args,
      query_Slow: (_args, signal) => {
        signals.push(signal);
        // Answers only when the run no longer waits for it (or after 45 s, past the run's wall clock).
        return new Promise((resolve) => {
          const timer = setTimeout(() => {
            answeredLate = true;
            resolve('late');
          }, 45_000);
          signal.addEventListener('abort', () => resolve(clearTimeout(timer)));
        });
      },
    });
    // Echo's answer proves the parent already holds Slow (the channel keeps order); then V8 aborts.
    const code = `await myko.command('Log', { step: 1 });
const slow = myko.query('Slow');
await myko.query('Echo');
return 'x'.repeat(2 ** 29 - 24).split('').length;`;
    const result = await sandbox.run({ code, bridge: calls });
    // The run ended on the crash, not on Slow's late answer (a wall-clock bound would measure the machine's load).
    expect(answeredLate).toBe(false);
    expect(failure(result)).toMatchObject({ kind: 'memory', name: 'SandboxCrashError' });
    expect(failure(result)?.message).toMatch(/Operations that had already completed stay completed/);
    expect(result.stats.calls).toBe(3);
    expect(calls.received.map((call) => `${call.kind}_${call.id}`)).toEqual([
      'command_Log',
      'query_Slow',
      'query_Echo',
    ]);
    expect(signals).toHaveLength(1);
    expect(signals[0].aborted).toBe(true);
    release();
    // It only shared the process (it was awaiting a call, not executing) and had sent no command: it ran again
    // in the fresh process, its read made twice.
    expect(await beside).toMatchObject({ ok: true, resultJson: '"opened"' });
    expect(waiting.received).toHaveLength(2);
    await expectServing();
  });
});

describe('SandboxService with process isolation, lifecycle', () => {
  const bridge = new InMemoryBridge({ query_Echo: (args) => args });
  // Each test's service is shut down after it (its sandbox processes killed), passed or failed.
  const opened = useReleases();
  const shutDown = (sandbox: SandboxService) => sandbox.onApplicationShutdown();

  it('starts its sandbox process at module init, warm, and names it in status()', async () => {
    // A callback among the options stays in the server: only plain limits cross to the sandbox process.
    const sandbox = opened(
      new SandboxService({ isolation: 'process', processes: 1, onCatastrophicError: () => undefined }),
      shutDown,
    );
    expect(sandbox.status().processes).toEqual([]);
    await sandbox.onModuleInit();
    const [started] = sandbox.status().processes;
    expect(started).toMatchObject({ running: 0, retiring: false });
    expect(isAlive(started.pid)).toBe(true);
    expect(await sandbox.run({ code: 'return 1', bridge })).toMatchObject({ ok: true });
    expect(sandbox.status().processes.map((process) => process.pid)).toEqual([started.pid]);
    await sandbox.onApplicationShutdown();
  });

  it('shuts down cleanly: a running run ends as cancelled, a queued one is refused, no process survives', async () => {
    const sandbox = opened(
      new SandboxService({ maxResident: 1, maxQueue: 1, processes: 1, cpuTimeMs: 10_000 }),
      shutDown,
    );
    await sandbox.onModuleInit();
    const { pid } = sandbox.status().processes[0];
    const running = sandbox.run({ code: 'while (true) {}', bridge });
    const queued = sandbox.run({ code: 'return 1', bridge });
    await delay(100);
    await sandbox.onApplicationShutdown();
    expect(failure(await running)).toMatchObject({ kind: 'cancelled' });
    expect(failure(await queued)).toMatchObject({ kind: 'cancelled' });
    expect(isAlive(pid)).toBe(false);
    expect(sandbox.status().processes).toEqual([]);
    expect(failure(await sandbox.run({ code: 'return 1', bridge }))).toMatchObject({
      kind: 'internal',
      name: 'SandboxUnavailableError',
    });
  });

  it('replaces a process whose memory grew past processMaxRssMb, between runs', async () => {
    // Any sandbox process uses more than 16 MB (~50 MB idle), so each run retires the process it ran in.
    const sandbox = opened(new SandboxService({ processMaxRssMb: 16 }), shutDown);
    await sandbox.onModuleInit();
    const first = sandbox.status().processes[0].pid;
    expect(await sandbox.run({ code: 'return 1', bridge })).toMatchObject({ ok: true });
    expect(await sandbox.run({ code: 'return 2', bridge })).toMatchObject({ ok: true, resultJson: '2' });
    expect(await waitUntilGone(first)).toBe(true);
    expect(sandbox.status()).toMatchObject({ crashes: 0 });
    await sandbox.onApplicationShutdown();
  });

  it('spreads concurrent runs over `processes` sandbox processes', async () => {
    const sandbox = opened(new SandboxService({ processes: 2 }), shutDown);
    await sandbox.onModuleInit();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const waiting = new InMemoryBridge({ query_Wait: () => gate.then(() => 'opened') });
    const runs = [1, 2].map(() => sandbox.run({ code: "return myko.query('Wait')", bridge: waiting }));
    while (waiting.received.length < 2) await delay(5);
    expect(sandbox.status().processes.map((process) => process.running)).toEqual([1, 1]);
    release();
    for (const result of await Promise.all(runs)) expect(result).toMatchObject({ ok: true });
    await sandbox.onApplicationShutdown();
  });

  it('does not need --no-node-snapshot in the server (only in-process isolation does)', async () => {
    const saved = process.env.NODE_OPTIONS;
    process.env.NODE_OPTIONS = '';
    try {
      const sandbox = opened(new SandboxService({ isolation: 'process' }), shutDown);
      await sandbox.onModuleInit();
      expect(await sandbox.run({ code: 'return 1', bridge })).toMatchObject({ ok: true });
      await sandbox.onApplicationShutdown();
    } finally {
      process.env.NODE_OPTIONS = saved;
    }
  });
});
