import { delay, InMemoryBridge } from '../../../test/fixtures/sandbox/in-memory.bridge';
import { ISOLATIONS } from '../../../test/fixtures/sandbox/isolations';
import { releaseAll } from '../../../test/helpers/releases';
import type { SandboxOptions } from './interfaces/sandbox-options.interface';
import type { SandboxRunResult } from './interfaces/sandbox-run.interface';
import { SandboxService } from './sandbox.service';

const failure = (result: SandboxRunResult) => (result.ok ? undefined : result.error);

describe.each(ISOLATIONS)('SandboxService limits, %s', (isolation) => {
  const services: SandboxService[] = [];
  /**
   * Started, so that timings measure runs, not the start of a sandbox process; without a warm pool unless
   * asked, so that `liveIsolates` counts the isolates of runs only.
   */
  const service = async (options: Partial<SandboxOptions>) => {
    const created = new SandboxService({ isolation, warmPool: 0, ...options });
    services.push(created);
    await created.onModuleInit();
    return created;
  };
  let bridge: InMemoryBridge;

  beforeEach(() => {
    bridge = new InMemoryBridge({ query_Echo: (args) => args, command_Log: (args) => args });
  });
  afterAll(() => releaseAll(...services.map((created) => () => created.onApplicationShutdown())));

  describe('time', () => {
    it('stops `await myko.query(…); while (true) {}` with the wall clock', async () => {
      // 1 s, not less: the run's first call must be in before the limit on a loaded machine (300 ms failed once).
      const sandbox = await service({ wallTimeMs: 1_000, cpuTimeMs: 10_000 });
      const started = Date.now();
      const result = await sandbox.run({ code: "await myko.query('Echo');\nwhile (true) {}", bridge });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(failure(result)).toMatchObject({ kind: 'timeout', name: 'SandboxTimeoutError', limit: 1_000 });
      expect(failure(result)?.message).toMatch(/1000 ms.*already completed stay completed/);
      expect(result.stats.calls).toBe(1);
      expect(sandbox.status().liveIsolates).toBe(0);
    });

    it('stops a synchronous `while (true) {}` with the CPU limit', async () => {
      const sandbox = await service({ wallTimeMs: 10_000, cpuTimeMs: 200 });
      const result = await sandbox.run({ code: 'while (true) {}', bridge });
      expect(failure(result)).toMatchObject({ kind: 'cpu', name: 'SandboxCpuLimitError', limit: 200 });
      expect(result.stats.cpuMs).toBeGreaterThanOrEqual(150);
    });

    it('applies the CPU limit again after each settled call', async () => {
      const sandbox = await service({ wallTimeMs: 10_000, cpuTimeMs: 200 });
      const started = Date.now();
      const result = await sandbox.run({ code: "await myko.query('Echo');\nwhile (true) {}", bridge });
      expect(failure(result)).toMatchObject({ kind: 'cpu' });
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it('does not count time spent waiting on operations against the CPU limit', async () => {
      const sandbox = await service({ wallTimeMs: 5_000, cpuTimeMs: 100 });
      const slow = new InMemoryBridge({ query_Slow: () => delay(300).then(() => 'slow') });
      const code = "const a = await myko.query('Slow');\nconst b = await myko.query('Slow');\nreturn [a, b];";
      expect(await sandbox.run({ code, bridge: slow })).toMatchObject({ ok: true, resultJson: '["slow","slow"]' });
    });

    it('caps a request timeoutMs by the server maximum and honours a smaller one', async () => {
      const sandbox = await service({ wallTimeMs: 300 });
      const hang = new InMemoryBridge({ query_Hang: () => new Promise(() => undefined) });
      const capped = await sandbox.run({ code: "await myko.query('Hang')", bridge: hang, timeoutMs: 60_000 });
      expect(failure(capped)).toMatchObject({ kind: 'timeout', limit: 300 });
      const shorter = await sandbox.run({ code: "await myko.query('Hang')", bridge: hang, timeoutMs: 50 });
      expect(failure(shorter)).toMatchObject({ kind: 'timeout', limit: 50 });
    });

    it('aborts in-flight operations when the run ends and swallows their late results', async () => {
      // Long enough for the call to be in before the limit on a loaded machine (the assertion below counts it).
      const sandbox = await service({ wallTimeMs: 1_500 });
      const signals: AbortSignal[] = [];
      const slow = new InMemoryBridge({
        // Answers only after the run has ended: a late result, which must be dropped.
        query_Slow: (_args, signal) => {
          signals.push(signal);
          return new Promise((resolve) => signal.addEventListener('abort', () => setTimeout(resolve, 50, 'late')));
        },
      });
      const result = await sandbox.run({ code: "await myko.query('Slow')", bridge: slow });
      expect(failure(result)).toMatchObject({ kind: 'timeout' });
      expect(signals).toHaveLength(1);
      expect(signals[0].aborted).toBe(true);
      await delay(100);
      expect(await sandbox.run({ code: 'return 1', bridge })).toMatchObject({ ok: true });
    });
  });

  it('stops a memory bomb', async () => {
    const sandbox = await service({ memoryMb: 16 });
    const result = await sandbox.run({
      code: 'const a = [];\nwhile (true) a.push({ n: a.length, s: "x" + a.length });',
      bridge,
    });
    expect(failure(result)).toMatchObject({ kind: 'memory', name: 'SandboxMemoryLimitError', limit: 16 });
    expect(sandbox.status().liveIsolates).toBe(0);
  });

  describe('sizes', () => {
    it('refuses an oversized result with its size, the limit, a hint and a preview', async () => {
      const sandbox = await service({ maxResultBytes: 1000 });
      const error = failure(
        await sandbox.run({ code: 'return Array.from({ length: 500 }, (_, i) => ({ i }))', bridge }),
      );
      expect(error).toMatchObject({ kind: 'result-size', name: 'ResultSizeError', limit: 1000 });
      expect(error?.size).toBeGreaterThan(1000);
      expect(error?.message).toMatch(/bytes of JSON; the limit is 1000 bytes\. Return less: filter, aggregate or page/);
      expect(error?.preview?.startsWith('[{"i":0},{"i":1}')).toBe(true);
      expect(error?.preview?.length).toBe(2048);
    });

    it('counts the result in UTF-8 bytes, not characters', async () => {
      const sandbox = await service({ maxResultBytes: 1000 });
      const error = failure(await sandbox.run({ code: "return 'é'.repeat(600)", bridge }));
      expect(error).toMatchObject({ kind: 'result-size', size: 1202 });
      expect(await sandbox.run({ code: "return 'e'.repeat(998)", bridge })).toMatchObject({ ok: true });
    });

    it('throws oversized arguments into the script, where try/catch works', async () => {
      const sandbox = await service({ maxArgBytes: 100 });
      const code =
        "try {\n  await myko.query('Echo', { s: 'x'.repeat(200) });\n} catch (e) {\n  return e.name + ': ' + e.message;\n}";
      const result = await sandbox.run({ code, bridge });
      expect(result).toMatchObject({ ok: true });
      expect(result.ok && JSON.parse(result.resultJson)).toBe(
        "ArgumentSizeError: The arguments of myko.query('Echo') are 208 bytes of JSON; the limit is 100 bytes per call. Pass less data.",
      );
      expect(bridge.received).toEqual([]);
    });

    it('fails the run as argument-size when the error escapes, also for multi-byte text', async () => {
      const sandbox = await service({ maxArgBytes: 100 });
      const result = await sandbox.run({ code: "const s = 'é'.repeat(60);\nawait myko.query('Echo', { s });", bridge });
      expect(failure(result)).toMatchObject({ kind: 'argument-size', name: 'ArgumentSizeError', line: 2 });
      expect(failure(result)?.message).toMatch(/are 128 bytes of JSON/);
      expect(bridge.received).toEqual([]);
    });
  });

  describe('calls per run', () => {
    it('rejects the call past the limit and fails the run as call-limit', async () => {
      const sandbox = await service({ maxCalls: 3 });
      const code = "for (let i = 0; i < 5; i++) {\n  await myko.query('Echo', { i });\n}";
      const result = await sandbox.run({ code, bridge });
      expect(failure(result)).toMatchObject({ kind: 'call-limit', name: 'CallLimitError', limit: 3, line: 2 });
      expect(failure(result)?.message).toMatch(/at most 3 myko\.\* calls/);
      expect(bridge.received).toHaveLength(3);
      expect(result.stats.calls).toBe(3);
    });

    it('still fails as call-limit when the script catches the error and returns', async () => {
      const sandbox = await service({ maxCalls: 2 });
      const code = `
        for (let i = 0; i < 4; i++) {
          try { await myko.command('Log', { i }); } catch (e) { console.log(e.name); }
        }
        return 'done';`;
      const result = await sandbox.run({ code, bridge });
      expect(failure(result)).toMatchObject({ kind: 'call-limit' });
      expect(result.console.text).toBe('[log] CallLimitError\n[log] CallLimitError');
      expect(bridge.received).toHaveLength(2);
    });
  });

  describe('concurrency', () => {
    it('holds no CPU slot while a run awaits an operation: with one slot, 20 waiting runs and a fresh one all progress', async () => {
      const sandbox = await service({ maxConcurrent: 1, processes: 1 });
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const gated = new InMemoryBridge({ query_Wait: () => gate.then(() => 'opened') });
      const waiting = Array.from({ length: 20 }, () =>
        sandbox.run({ code: "return myko.query('Wait')", bridge: gated }),
      );
      while (gated.received.length < 20) await delay(10);
      await delay(20);
      expect(sandbox.status()).toMatchObject({ running: 20, executing: 0 });
      const fresh = await sandbox.run({ code: 'return 1 + 1', bridge });
      expect(fresh).toMatchObject({ ok: true, resultJson: '2' });
      release();
      for (const result of await Promise.all(waiting))
        expect(result).toMatchObject({ ok: true, resultJson: '"opened"' });
      expect(sandbox.status().peakExecuting).toBe(1);
    });

    it('runs the parallel calls of one script at once (Promise.all of 20)', async () => {
      const sandbox = await service({});
      let inFlight = 0;
      let peak = 0;
      const slow = new InMemoryBridge({
        query_Wait: async () => {
          peak = Math.max(peak, ++inFlight);
          await delay(50);
          inFlight--;
          return 1;
        },
      });
      const code = "return (await Promise.all(Array.from({ length: 20 }, () => myko.query('Wait')))).length";
      expect(await sandbox.run({ code, bridge: slow })).toMatchObject({ ok: true, resultJson: '20' });
      expect(peak).toBe(20);
    });

    it('refuses at once with queue-full when every resident place and the queue are taken', async () => {
      const sandbox = await service({ maxResident: 1, maxQueue: 1 });
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const gated = new InMemoryBridge({ query_Wait: () => gate.then(() => 'opened') });
      const first = sandbox.run({ code: "return myko.query('Wait')", bridge: gated });
      const second = sandbox.run({ code: 'return 2', bridge });
      await delay(20);
      expect(sandbox.status()).toMatchObject({ running: 1, queued: 1 });
      const started = Date.now();
      const third = await sandbox.run({ code: 'return 3', bridge });
      // Waiting for a slot would wait for the gate, which opens only below.
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(failure(third)).toMatchObject({ kind: 'queue-full', name: 'SandboxQueueFullError', limit: 1 });
      expect(failure(third)?.message).toMatch(/full.*Nothing ran; retry/);
      release();
      expect(await first).toMatchObject({ ok: true, resultJson: '"opened"' });
      const queued = await second;
      expect(queued).toMatchObject({ ok: true, resultJson: '2' });
      expect(queued.stats.queuedMs).toBeGreaterThan(10);
    });
  });

  describe('cancellation', () => {
    it('stops a run waiting on an operation at once; no later call starts', async () => {
      const sandbox = await service({});
      const signals: AbortSignal[] = [];
      const hang = new InMemoryBridge({
        query_Hang: (_args, signal) => {
          signals.push(signal);
          return new Promise(() => undefined);
        },
        command_After: () => 'ran',
      });
      const controller = new AbortController();
      const code = "await myko.query('Hang');\nawait myko.command('After');";
      const pending = sandbox.run({ code, bridge: hang, signal: controller.signal });
      while (hang.received.length === 0) await delay(5);
      const abortedAt = Date.now();
      controller.abort();
      const result = await pending;
      // The operation never settles: only the cancellation ends the run, however loaded the machine.
      expect(Date.now() - abortedAt).toBeLessThan(1_000);
      expect(failure(result)).toMatchObject({ kind: 'cancelled', name: 'SandboxCancelledError' });
      expect(signals[0].aborted).toBe(true);
      await delay(50);
      expect(hang.received.map((call) => call.id)).toEqual(['Hang']);
      expect(sandbox.status().liveIsolates).toBe(0);
    });

    it('stops a synchronous spin at once', async () => {
      const sandbox = await service({ cpuTimeMs: 10_000 });
      const controller = new AbortController();
      const pending = sandbox.run({ code: 'while (true) {}', bridge, signal: controller.signal });
      await delay(100);
      const abortedAt = Date.now();
      controller.abort();
      expect(failure(await pending)).toMatchObject({ kind: 'cancelled' });
      // Ten times below the CPU limit that would otherwise end it.
      expect(Date.now() - abortedAt).toBeLessThan(1_000);
    });

    it('refuses a run aborted before it starts, and one aborted while queued', async () => {
      const sandbox = await service({ maxResident: 1, maxQueue: 1 });
      expect(failure(await sandbox.run({ code: 'return 1', bridge, signal: AbortSignal.abort() }))).toMatchObject({
        kind: 'cancelled',
        message: 'The run was cancelled before it started; nothing ran.',
      });
      const busy = sandbox.run({ code: "await myko.query('Echo'); return 1", bridge });
      const controller = new AbortController();
      const queued = sandbox.run({ code: 'return 2', bridge, signal: controller.signal });
      controller.abort();
      expect(failure(await queued)).toMatchObject({ kind: 'cancelled' });
      expect(await busy).toMatchObject({ ok: true });
      expect(sandbox.status()).toMatchObject({ running: 0, queued: 0, liveIsolates: 0 });
    });
  });

  it('pre-creates warm isolates but never reuses one after user code', async () => {
    const sandbox = await service({ warmPool: 1, processes: 1 });
    await delay(20);
    // With process isolation, as the sandbox process reported it when it became ready.
    expect(sandbox.status().liveIsolates).toBe(1);
    expect(await sandbox.run({ code: 'globalThis.marker = 1; return 1', bridge })).toMatchObject({ ok: true });
    expect(await sandbox.run({ code: 'return typeof globalThis.marker', bridge })).toMatchObject({
      resultJson: '"undefined"',
    });
    await sandbox.onApplicationShutdown();
    expect(sandbox.status().liveIsolates).toBe(0);
  });
});
