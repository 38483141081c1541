import ivm from 'isolated-vm';
import type { SandboxRunResult } from '../interfaces/sandbox-run.interface';
import { CpuGate } from './cpu-gate';
import { IsolatePool } from './isolate.pool';
import { IsolateRunner } from './isolate-runner';

const SETTINGS = {
  cpuTimeMs: 5_000,
  memoryMb: 32,
  maxCalls: 10,
  maxArgBytes: 10_000,
  maxResultBytes: 100_000,
  maxConsoleBytes: 10_000,
};
const bridge = { call: async () => 'null' };

/** What a script can see of its realm: the globals it did not make, and the marks a previous run would leave. */
const PROBE = `
const own = Object.getOwnPropertyNames(globalThis).sort();
return {
  globals: own,
  wasm: typeof WebAssembly,
  bootstrapGlobal: typeof globalThis.__mykoBootstrap,
  mykoFrozen: Object.isFrozen(myko),
  consoleFrozen: Object.isFrozen(console),
  protoMark: ({}).mark ?? null,
  arrayMark: [].mark ?? null,
  mathMax: Math.max(1, 2),
  jsonParse: JSON.parse('{"a":1}').a,
  stash: typeof globalThis.stash,
};`;

/** Everything a hostile run can reach and change: built-ins of the realm, globals, the harness's objects. */
const TAMPER = `
Object.prototype.mark = 'object';
Array.prototype.mark = 'array';
Math.max = () => -1;
JSON.parse = () => ({ a: 'tampered' });
globalThis.stash = { secret: 42 };
try { myko.query = null; } catch {}
return 'tampered';`;

async function run(pool: IsolatePool, code: string): Promise<SandboxRunResult> {
  return new IsolateRunner(pool, new CpuGate(1), SETTINGS).run({ code, bridge }, 5_000);
}

function answer(result: SandboxRunResult): unknown {
  if (!result.ok) throw new Error(`run failed: ${JSON.stringify(result.error)}`);
  return JSON.parse(result.resultJson);
}

describe('IsolatePool: isolates started from the bootstrap snapshot', () => {
  const pools: IsolatePool[] = [];
  const poolOf = (snapshot: boolean, warmPool = 0) => {
    const pool = new IsolatePool({ memoryMb: SETTINGS.memoryMb, warmPool, onCatastrophicError: () => {}, snapshot });
    pools.push(pool);
    return pool;
  };
  afterAll(() => Promise.all(pools.map((pool) => pool.close())));

  it('give a script exactly the realm a freshly compiled bootstrap gives it', async () => {
    const fromSnapshot = answer(await run(poolOf(true), PROBE));
    const compiled = answer(await run(poolOf(false), PROBE));
    expect(fromSnapshot).toEqual(compiled);
    expect(fromSnapshot).toMatchObject({ wasm: 'undefined', bootstrapGlobal: 'undefined', mykoFrozen: true });
    expect(fromSnapshot).toMatchObject({ consoleFrozen: true, protoMark: null, mathMax: 2, stash: 'undefined' });
  });

  it("keep no run's changes for the next run: built-ins, prototypes and globals start pristine", async () => {
    // A warm isolate made while the tampering run lives, and isolates made after it was disposed.
    const pool = poolOf(true, 1);
    expect(answer(await run(pool, TAMPER))).toBe('tampered');
    for (let i = 0; i < 3; i++) {
      expect(answer(await run(pool, PROBE))).toMatchObject({
        protoMark: null,
        arrayMark: null,
        mathMax: 2,
        jsonParse: 1,
        stash: 'undefined',
        mykoFrozen: true,
      });
    }
  });

  it('the case that looked like a leak: what a snapshot script deletes is back in every context', () => {
    // V8 re-installs some globals when it makes a context from a snapshot, so a snapshot cannot carry the
    // bootstrap's hardening: the pool snapshots the bootstrap function only, and each context runs it.
    const snapshot = ivm.Isolate.createSnapshot([{ code: 'delete globalThis.WebAssembly; globalThis.kept = 1;' }]);
    const isolate = new ivm.Isolate({ snapshot, memoryLimit: 16 });
    try {
      const context = isolate.createContextSync();
      expect(context.evalSync('typeof WebAssembly + " " + typeof kept')).toBe('object number');
    } finally {
      isolate.dispose();
    }
  });
});
