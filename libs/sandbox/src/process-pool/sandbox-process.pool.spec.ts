import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { delay, InMemoryBridge } from '../../../../test/fixtures/sandbox/in-memory.bridge';
import { waitUntilGone } from '../../../../test/fixtures/sandbox/process-liveness';
import { releaseAll } from '../../../../test/helpers/releases';
import { SandboxStartError } from '../errors/sandbox-start.error';
import type { SandboxOptions } from '../interfaces/sandbox-options.interface';
import type { SandboxRunResult } from '../interfaces/sandbox-run.interface';
import { resolveSandboxOptions } from '../sandbox-options.resolver';
import type { HostLaunch } from './host-launch';
import type { ProcessPoolTuning } from './process-pool.tuning';
import { SandboxProcessPool } from './sandbox-process.pool';

const TESTING = join(__dirname, '../../../../test/fixtures/sandbox');
const fixture = (name: string): HostLaunch => ({ modulePath: join(TESTING, name), execArgv: [] });
const failure = (result: SandboxRunResult) => (result.ok ? undefined : result.error);
const bridge = new InMemoryBridge({ query_Echo: (args) => args });
const SPLIT_BOMB = "return 'x'.repeat(2 ** 29 - 24).split('').length;";
/**
 * The wall clock of a run that must end in a crash: V8 gives up on the split bomb in ~0.5 s on a quiet machine,
 * but under a load of 10 on two cores it took over 5 s, and the run ended as a timeout instead.
 */
const CRASH_WALL_MS = 60_000;

describe('SandboxProcessPool', () => {
  const pools: SandboxProcessPool[] = [];
  const logged: string[] = [];
  const pool = (options: Partial<SandboxOptions> = {}, tuning: Partial<ProcessPoolTuning> = {}) => {
    const log = { error: (text: string) => logged.push(text), warn: (text: string) => logged.push(text) };
    const created = new SandboxProcessPool(
      resolveSandboxOptions({ processes: 1, processRssLimitMb: 1_000_000, ...options }),
      log,
      tuning,
    );
    pools.push(created);
    return created;
  };
  const run = (target: SandboxProcessPool, code: string, wallMs = 5_000) => target.run({ code, bridge }, wallMs);

  afterEach(async () => {
    logged.length = 0;
    await releaseAll(...pools.splice(0).map((created) => () => created.close()));
  });

  describe('start-up', () => {
    it('rejects with the reason and the last output when the process dies before it is ready', async () => {
      const broken = pool({}, { launch: fixture('no-such-host.js') });
      const started = broken.start();
      await expect(started).rejects.toThrow(SandboxStartError);
      await expect(started).rejects.toThrow(/could not start: it exited with code 1 before reporting ready/);
      await expect(started).rejects.toThrow(/Cannot find module/);
      // A run is refused clearly instead (nothing about host paths reaches the script's caller).
      const result = await run(broken, 'return 1');
      expect(failure(result)).toEqual({
        kind: 'internal',
        name: 'SandboxUnavailableError',
        message:
          'The sandbox is unavailable: its process could not start. Nothing ran; the server is unaffected. Try again later.',
      });
      expect(broken.status().processes).toEqual([]);
    });

    it('kills a process that does not report ready in time', async () => {
      const silent = pool({}, { launch: fixture('silent-host.fixture.js'), startTimeoutMs: 300 });
      await expect(silent.start()).rejects.toThrow(/did not report ready within 300 ms/);
      await delay(50);
      expect(silent.status().processes).toEqual([]);
    });
  });

  describe('a sandbox process that stops answering', () => {
    it('is killed at wall clock + grace: its overdue run times out, the run beside it fails, a fresh one starts', async () => {
      const stuck = pool({}, { launch: fixture('stuck-host.fixture.js'), graceMs: 200 });
      await stuck.start();
      const { pid } = stuck.status().processes[0];
      const started = Date.now();
      const [overdue, beside] = await Promise.all([run(stuck, 'return 1', 300), run(stuck, 'return 2', 60_000)]);
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(failure(overdue)).toMatchObject({ kind: 'timeout', name: 'SandboxTimeoutError', limit: 300 });
      expect(failure(beside)).toMatchObject({ kind: 'internal', name: 'SandboxCrashError' });
      expect(failure(beside)?.message).toMatch(/could not be stopped, so the process was replaced/);
      expect(await waitUntilGone(pid)).toBe(true);
      await delay(300);
      expect(stuck.status()).toMatchObject({ crashes: 1, processes: [{ running: 0 }] });
      expect(stuck.status().processes[0].pid).not.toBe(pid);
    });

    it('ends a cancelled run after the grace period even if the process never confirms', async () => {
      const stuck = pool({}, { launch: fixture('stuck-host.fixture.js'), graceMs: 200 });
      await stuck.start();
      const controller = new AbortController();
      const pending = stuck.run({ code: 'return 1', bridge, signal: controller.signal }, 60_000);
      await delay(20);
      controller.abort();
      const started = Date.now();
      expect(failure(await pending)).toMatchObject({ kind: 'cancelled' });
      expect(Date.now() - started).toBeLessThan(1_000);
    });
  });

  it('restarts crashed processes with backoff, then refuses runs at once when the budget is spent', async () => {
    const crashing = pool({}, { restartsPerMinute: 2 });
    await crashing.start();
    for (let crash = 1; crash <= 3; crash++) {
      expect(failure(await run(crashing, SPLIT_BOMB, CRASH_WALL_MS))).toMatchObject({
        kind: 'memory',
        name: 'SandboxCrashError',
      });
    }
    const started = Date.now();
    const refused = failure(await run(crashing, 'return 1'));
    // Far below a process start on a loaded machine: nothing was started to answer it.
    expect(Date.now() - started).toBeLessThan(500);
    expect(refused).toMatchObject({ kind: 'internal', name: 'SandboxUnavailableError' });
    expect(refused?.message).toMatch(
      /crashed 2 times within a minute, so it is paused for \d+ s to protect the server/,
    );
    expect(crashing.status()).toMatchObject({ crashes: 3, processes: [] });
    expect(logged.some((text) => /restarted 2 times within a minute/.test(text))).toBe(true);
  }, 180_000);

  describe('no sandbox process outlives the server', () => {
    /** Runs the server fixture; resolves its report lines (by label) and how it ended. */
    const server = (ending: 'close' | 'kill') =>
      new Promise<{ lines: Record<string, Record<string, unknown>>; code: number | null; signal: string | null }>(
        (resolve) => {
          const child = execFile(process.execPath, [join(TESTING, 'server.fixture.js'), ending], { timeout: 30_000 });
          let stdout = '';
          child.stdout?.on('data', (text: string) => {
            stdout += text;
          });
          child.on('close', (code, signal) => {
            const lines = Object.fromEntries(
              stdout
                .split('\n')
                .filter((line) => /^[A-Z]+ /.test(line))
                .map((line) => [line.slice(0, line.indexOf(' ')), JSON.parse(line.slice(line.indexOf(' ') + 1))]),
            );
            resolve({ lines, code, signal });
          });
        },
      );

    it('shuts down completely even when nothing else keeps the server alive', async () => {
      const { lines, code } = await server('close');
      expect(lines.RESULT).toMatchObject({ ok: true });
      expect(lines.CLOSED).toEqual({ processes: [] });
      expect(code).toBe(0);
      for (const pid of lines.RESULT.pids as number[]) expect(await waitUntilGone(pid, 1_000)).toBe(true);
    }, 40_000);

    it('when the server is killed outright, its sandbox processes end by themselves', async () => {
      const { lines, signal } = await server('kill');
      expect(signal).toBe('SIGKILL');
      expect(lines.RESULT).toMatchObject({ ok: true });
      expect(lines.RESULT.pids).toHaveLength(2);
      for (const pid of lines.RESULT.pids as number[]) expect(await waitUntilGone(pid, 2_000)).toBe(true);
    }, 40_000);
  });
});
