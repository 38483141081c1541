import type ivm from 'isolated-vm';
import type { SandboxBridge, SandboxRunResult } from '../interfaces/sandbox-run.interface';
import { CpuGate } from './cpu-gate';
import { IsolatePool } from './isolate.pool';
import { IsolateRunner } from './isolate-runner';
import { MAX_KEPT_ISOLATES } from './kept-isolates';

const SETTINGS = {
  cpuTimeMs: 2_000,
  memoryMb: 32,
  maxCalls: 10,
  maxArgBytes: 10_000,
  maxResultBytes: 100_000,
  maxConsoleBytes: 10_000,
};
/** Answers every call after 150 ms: a call left unawaited is answered after its run ended. */
const slowBridge: SandboxBridge = {
  call: () => new Promise((resolve) => setTimeout(() => resolve('{"n":1}'), 150)),
};

/** Everything a run can leave behind for a later one in the same isolate. */
const LEAVE_TRACES = `
globalThis.x = 'left';
Array.prototype.mark = 'array';
Object.prototype.mark = 'object';
Math.max = () => -1;
globalThis.closure = (() => { let secret = 42; return () => secret; })();
new Promise(() => {}).then(() => { globalThis.never = 1; });
myko.query('Late', {}).then(() => { globalThis.late = 1; Array.prototype.late = 1; }, () => {});
Promise.resolve().then(() => { globalThis.afterReturn = 1; });
new FinalizationRegistry(() => { globalThis.finalized = 1; }).register({}, 1);
return 'left';`;

const PROBE = `
await new Promise((resolve) => Promise.resolve().then(resolve));
return {
  x: typeof globalThis.x, closure: typeof globalThis.closure, never: typeof globalThis.never,
  late: typeof globalThis.late, afterReturn: typeof globalThis.afterReturn, finalized: typeof globalThis.finalized,
  arrayMark: [].mark ?? null, arrayLate: [].late ?? null, objectMark: ({}).mark ?? null, max: Math.max(1, 2),
};`;
const PRISTINE = {
  x: 'undefined',
  closure: 'undefined',
  never: 'undefined',
  late: 'undefined',
  afterReturn: 'undefined',
  finalized: 'undefined',
  arrayMark: null,
  arrayLate: null,
  objectMark: null,
  max: 2,
};

describe('IsolatePool: reusing a run’s isolate for its conversation', () => {
  let pool: IsolatePool;
  /** The isolate each run got, in order. */
  let isolates: ivm.Isolate[];

  beforeEach(() => {
    pool = new IsolatePool({ memoryMb: SETTINGS.memoryMb, warmPool: 0, onCatastrophicError: () => {} });
    isolates = [];
    const acquire = pool.acquire.bind(pool);
    pool.acquire = async (key) => {
      const lease = await acquire(key);
      isolates.push(lease.isolate);
      return lease;
    };
  });
  afterEach(() => pool.close());

  const run = (code: string, reuseKey?: string, settings = SETTINGS, wallMs = 5_000): Promise<SandboxRunResult> =>
    new IsolateRunner(pool, new CpuGate(1), settings).run({ code, bridge: slowBridge, reuseKey }, wallMs);
  const answer = (result: SandboxRunResult): unknown => {
    if (!result.ok) throw new Error(`run failed: ${JSON.stringify(result.error)}`);
    return JSON.parse(result.resultJson);
  };
  /** The isolate is kept or disposed once the run's last entry has ended, just after its answer. */
  const settled = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('gives the next run of the same key the same isolate, with nothing of the earlier run in its realm', async () => {
    expect(answer(await run(LEAVE_TRACES, 'p/c'))).toBe('left');
    await settled();
    expect(pool.keptCount).toBe(1);
    expect(answer(await run(PROBE, 'p/c'))).toEqual(PRISTINE);
    expect(isolates[1]).toBe(isolates[0]);
    await settled();
    expect(answer(await run(PROBE, 'p/c'))).toEqual(PRISTINE);
    expect(isolates[2]).toBe(isolates[0]);
    expect(pool.live).toBe(1);
  });

  it('never shares across keys, and keeps nothing for a run without one', async () => {
    await run(LEAVE_TRACES, 'p/one');
    await settled();
    expect(answer(await run(PROBE, 'p/two'))).toEqual(PRISTINE);
    expect(isolates[1]).not.toBe(isolates[0]);
    await settled();
    await run(LEAVE_TRACES);
    await settled();
    expect(pool.keptCount).toBe(2);
    expect(answer(await run(PROBE))).toEqual(PRISTINE);
    expect(new Set(isolates).size).toBe(4);
  });

  it('keeps a script error’s isolate, but disposes it after a wall-clock timeout', async () => {
    const failed = await run('throw new Error("own")', 'p/c');
    expect(failed.ok).toBe(false);
    await settled();
    expect(pool.keptCount).toBe(1);
    const timedOut = await run('await new Promise(() => {});', 'p/c', SETTINGS, 300);
    expect(!timedOut.ok && timedOut.error.kind).toBe('timeout');
    await settled();
    expect(pool.keptCount).toBe(0);
    expect(pool.live).toBe(0);
    expect(isolates[1].isDisposed).toBe(true);
    await run(PROBE, 'p/c');
    expect(isolates[2]).not.toBe(isolates[1]);
  });

  it('disposes it after a CPU limit, a memory-limit breach and a call-limit breach', async () => {
    const cpu = await run('for (;;) {}', 'p/c', { ...SETTINGS, cpuTimeMs: 200 });
    expect(!cpu.ok && cpu.error.kind).toBe('cpu');
    const memory = await run('const a = []; for (;;) a.push(new Array(1e5).fill(1));', 'p/c');
    expect(!memory.ok && memory.error.kind).toBe('memory');
    const calls = 'for (let i = 0; i < 20; i++) { try { await myko.query("X", {}); } catch {} } return 1;';
    const overCalls = await run(calls, 'p/c', { ...SETTINGS, maxCalls: 2 });
    expect(!overCalls.ok && overCalls.error.kind).toBe('call-limit');
    await settled();
    expect(pool.keptCount).toBe(0);
    expect(pool.live).toBe(0);
  });

  it('disposes an isolate whose script keeps running after its answer', async () => {
    const spinning = 'await myko.query("X", {}); (async () => { for (;;) await null; })(); return 1;';
    expect(answer(await run(spinning, 'p/c'))).toBe(1);
    await settled();
    expect(pool.keptCount).toBe(0);
    expect(isolates[0].isDisposed).toBe(true);
  });

  it(`keeps at most ${MAX_KEPT_ISOLATES} isolates, the most recently used`, async () => {
    for (let i = 0; i <= MAX_KEPT_ISOLATES + 1; i++) await run('return 1', `p/${i}`);
    await settled();
    expect(pool.keptCount).toBe(MAX_KEPT_ISOLATES);
    expect(pool.live).toBe(MAX_KEPT_ISOLATES);
    await run('return 1', 'p/0');
    await settled();
    expect(isolates.at(-1)).not.toBe(isolates[0]);
    await run('return 1', `p/${MAX_KEPT_ISOLATES + 1}`);
    expect(isolates.at(-1)).toBe(isolates[MAX_KEPT_ISOLATES + 1]);
  });
});
