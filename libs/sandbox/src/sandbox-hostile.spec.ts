import ivm from 'isolated-vm';
import { InMemoryBridge } from '../../../test/fixtures/sandbox/in-memory.bridge';
import { ISOLATIONS } from '../../../test/fixtures/sandbox/isolations';
import type { SandboxRunResult } from './interfaces/sandbox-run.interface';
import { SandboxService } from './sandbox.service';

const failure = (result: SandboxRunResult) => (result.ok ? undefined : result.error);
const value = (result: SandboxRunResult): unknown => (result.ok ? JSON.parse(result.resultJson) : result.error);

/** Host-ish names and the methods of isolated-vm handles: none may be reachable from user code. */
const HOST_MARKERS = ['derefInto', 'applySync', 'applySyncPromise', 'copySync', 'setSync', 'getSync', 'evalClosure'];

describe.each(ISOLATIONS)('SandboxService against hostile scripts, %s', (isolation) => {
  let sandbox: SandboxService;
  const bridge = new InMemoryBridge({ query_Echo: (args) => args });
  const run = (code: string) => sandbox.run({ code, bridge });

  beforeAll(() => {
    // The RSS watch is tested by execute-containment; here it must not stop a run whose thread stack
    // (deep recursion touches up to V8's stack limit) lands on a process its neighbours' runs have grown.
    const rssCap = { processRssLimitMb: 4_096 };
    sandbox = new SandboxService({ isolation, wallTimeMs: 2_000, cpuTimeMs: 300, memoryMb: 32, ...rssCap });
  });
  afterEach(async () => {
    expect(await run("return await myko.query('Echo', { still: 'serving' })")).toMatchObject({
      ok: true,
      resultJson: '{"still":"serving"}',
    });
  });
  afterAll(async () => {
    await sandbox.onApplicationShutdown();
    expect(sandbox.status()).toMatchObject({
      running: 0,
      queued: 0,
      liveIsolates: 0,
      catastrophicErrors: 0,
      crashes: 0,
    });
  });

  it('this.constructor.constructor("return process")() finds no process', async () => {
    expect(failure(await run("return this.constructor.constructor('return process')()"))).toMatchObject({
      kind: 'script',
      name: 'ReferenceError',
      message: 'process is not defined',
    });
    const code =
      "const g = myko.query.constructor('return this')();\nreturn [typeof g.process, typeof g.require, g === globalThis];";
    expect(value(await run(code))).toEqual(['undefined', 'undefined', true]);
  });

  it('reaches no require, process, module, Buffer, timers, fetch or isolated-vm object', async () => {
    const names = [
      'require',
      'process',
      'module',
      'exports',
      'Buffer',
      'global',
      'setTimeout',
      'setInterval',
      'setImmediate',
      'queueMicrotask',
      'fetch',
      'structuredClone',
      'ivm',
      '$0',
      '$1',
    ];
    const code = `return ${JSON.stringify(names)}.filter((n) => typeof globalThis[n] !== 'undefined' || (() => { try { return typeof eval(n) !== 'undefined'; } catch { return false; } })());`;
    expect(value(await run(code))).toEqual([]);
  });

  it('adds only `myko` to the globals of a pristine context, and `console` is the captured one', async () => {
    const isolate = new ivm.Isolate({ memoryLimit: 8 });
    const pristine = JSON.parse(
      await (await isolate.createContext()).eval('JSON.stringify(Object.getOwnPropertyNames(globalThis))'),
    ) as string[];
    isolate.dispose();
    const names = value(await run('return Object.getOwnPropertyNames(globalThis)')) as string[];
    expect(names.filter((name) => !pristine.includes(name))).toEqual(['myko']);
    expect(value(await run('return [Object.keys(myko), Object.keys(console), Object.isFrozen(console)]'))).toEqual([
      ['query', 'view', 'report', 'command', 'search', 'describe', 'rollback'],
      ['log', 'info', 'warn', 'error', 'debug'],
      true,
    ]);
  });

  it('reaches no isolated-vm handle through anything reachable from globalThis', async () => {
    const code = `
      const markers = ${JSON.stringify(HOST_MARKERS)};
      const seen = new Set(); const queue = [globalThis]; const found = [];
      while (queue.length > 0 && seen.size < 20000) {
        const o = queue.pop();
        if (o === null || (typeof o !== 'object' && typeof o !== 'function') || seen.has(o)) continue;
        seen.add(o);
        for (const key of Reflect.ownKeys(o)) {
          if (markers.includes(key)) found.push(String(key));
          const d = Object.getOwnPropertyDescriptor(o, key);
          if (d) queue.push(d.value, d.get, d.set);
        }
        queue.push(Object.getPrototypeOf(o));
      }
      return { found, visited: seen.size };`;
    const result = value(await run(code)) as { found: string[]; visited: number };
    expect(result.found).toEqual([]);
    expect(result.visited).toBeGreaterThan(500);
  });

  it('cannot break the harness by tampering with built-ins, myko or console', async () => {
    const code = `
      Object.defineProperty(Array.prototype, '0', { set() { throw new Error('hacked'); }, configurable: true });
      JSON.stringify = () => '"hacked"';
      JSON.parse = () => 'hacked';
      Reflect.apply = () => { throw new Error('hacked'); };
      Object.defineProperty = () => { throw new Error('hacked'); };
      Object.create = () => { throw new Error('hacked'); };
      Object.prototype.get = () => 1;
      String.prototype.slice = () => 'hacked';
      RegExp.prototype.exec = () => null;
      WeakMap.prototype.get = () => 'call-limit';
      Function.prototype.call = Function.prototype.apply = () => { throw new Error('hacked'); };
      Array.prototype[Symbol.iterator] = function* () { yield 'hacked'; };
      myko.query = () => 'hacked';
      console.log = () => { throw new Error('hacked'); };
      const echoed = await myko.query('Echo', { a: 1 });
      console.log('logged', echoed);
      throw new TypeError('after tampering: ' + echoed.a);`;
    const result = await run(code);
    expect(failure(result)).toEqual({
      kind: 'script',
      name: 'TypeError',
      message: 'after tampering: 1',
      line: 18,
      column: 13,
    });
    expect(result.console.text).toBe('[log] logged {"a":1}');
  });

  it('cannot redefine or delete myko and console', async () => {
    const code = `
      const attempts = [
        () => { delete globalThis.myko; },
        () => Object.defineProperty(globalThis, 'console', { value: {} }),
        () => Object.setPrototypeOf(myko, null),
        () => { 'use strict'; myko.query.extra = 1; },
        () => { 'use strict'; console.log = null; },
      ];
      return attempts.map((attempt) => { try { attempt(); return 'allowed'; } catch (e) { return e.name; } });`;
    expect(value(await run(code))).toEqual(['allowed', 'TypeError', 'TypeError', 'TypeError', 'TypeError']);
    expect(value(await run('return typeof myko.query'))).toBe('function');
  });

  it('shows no host frame or path in any stack trace', async () => {
    const code = `
      const stacks = [new Error('own').stack];
      try { null.x; } catch (e) { stacks.push(e.stack); }
      try { await myko.query('Missing'); } catch (e) { stacks.push(e.stack); }
      try { await myko.query(1); } catch (e) { stacks.push(e.stack); }
      console.log({ toJSON() { stacks.push(new Error('in toJSON').stack); return 1; } });
      return stacks;`;
    const stacks = value(await run(code)) as string[];
    expect(stacks).toHaveLength(5);
    for (const stack of stacks) {
      expect(stack).toMatch(/file:\/\/\/execute\.js:\d+:\d+/);
      expect(stack).not.toMatch(/\/work\/|node_modules|node:|\.ts\b|isolated-vm|<isolated-vm boundary>/);
    }
  });

  it('gets no function or receiver of the sandbox through Error.prepareStackTrace call sites or fn.caller', async () => {
    const code = `
      const sites = [];
      Error.prepareStackTrace = (error, callSites) => {
        for (const s of callSites) sites.push({ file: s.getFileName(), fn: typeof s.getFunction(), self: typeof s.getThis() });
        return 'custom';
      };
      try { await myko.query(1); } catch (e) { e.stack; }
      try { await myko.query('Missing'); } catch (e) { e.stack; }
      let caller = 'unset';
      function spy() { caller = typeof spy.caller; new Error().stack; return 1; }
      console.log({ toJSON: spy });
      let own;
      try { own = typeof arguments.callee.caller; } catch (e) { own = e.name; }
      return { sites: sites.filter((s) => s.file !== 'file:///execute.js'), caller, own };`;
    const result = value(await run(code)) as { sites: { fn: string; self: string }[]; caller: string; own: string };
    expect(result.sites.length).toBeGreaterThan(0);
    for (const site of result.sites) expect(site).toMatchObject({ fn: 'undefined', self: 'undefined' });
    expect(result.caller).not.toBe('function');
    expect(result.own).not.toBe('function');
  });

  it.each([
    [
      'a throwing Error.prepareStackTrace',
      "Error.prepareStackTrace = () => { throw new Error('no'); };\nthrow new Error('x');",
    ],
    ['a proxy thrown as the error', "throw new Proxy({}, { get() { throw new Error('trap'); } });"],
    ['a toJSON that throws', "return { toJSON() { throw new RangeError('nope'); } };"],
  ])('still reports a script failure for %s', async (_name, code) => {
    expect(failure(await run(code))).toMatchObject({ kind: 'script' });
  });

  it.each([
    [
      'an endless Error.prepareStackTrace',
      'Error.prepareStackTrace = () => { while (true) {} };\nthrow new Error("x");',
    ],
    ['an endless toJSON on the result', 'return { toJSON() { while (true) {} } };'],
    ['an endless loop in a console argument', 'console.log({ toJSON() { while (true) {} } });'],
  ])('stops %s with the CPU limit', async (_name, code) => {
    expect(failure(await run(code))).toMatchObject({ kind: 'cpu' });
  });

  it.each([
    ['synchronously', 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);'],
    ['after an await', "await myko.query('Echo');\nAtomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);"],
  ])('stops an Atomics.wait stall %s', async (_name, code) => {
    const started = Date.now();
    expect(['cpu', 'timeout']).toContain(failure(await run(code))?.kind);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it.each([
    ['doubling a string', "let s = 'x';\nwhile (true) s += s;", ['script']],
    [
      'growing flat strings',
      "const a = [];\nwhile (true) a.push(JSON.stringify('x'.repeat(1e5)) + a.length);",
      ['memory', 'cpu'],
    ],
    // On a loaded machine the wall clock may end it first: contained all the same.
    ['returning a 256 MB string', "return 'x'.repeat(2 ** 28);", ['result-size', 'memory', 'cpu', 'timeout']],
  ])('contains huge string building: %s', async (_name, code, kinds) => {
    expect(kinds).toContain(failure(await run(code))?.kind);
  });

  it('contains deep recursion', async () => {
    expect(failure(await run('function f(n) { return f(n + 1) + 1; }\nreturn f(0);'))).toMatchObject({
      kind: 'script',
      name: 'RangeError',
      message: 'Maximum call stack size exceeded',
    });
  });

  it('lets no detached promise outlive its run', async () => {
    const result = await run("myko.query('Echo').then(() => { while (true) {} });\nreturn 'returned';");
    expect(result).toMatchObject({ ok: true, resultJson: '"returned"' });
  });
});
