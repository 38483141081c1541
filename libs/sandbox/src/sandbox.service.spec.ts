import { FakeOperationError, InMemoryBridge } from '../../../test/fixtures/sandbox/in-memory.bridge';
import { ISOLATIONS } from '../../../test/fixtures/sandbox/isolations';
import type { SandboxRunResult } from './interfaces/sandbox-run.interface';
import { SandboxService } from './sandbox.service';

describe.each(ISOLATIONS)('SandboxService (results, errors, myko, console), %s', (isolation) => {
  let sandbox: SandboxService;
  let bridge: InMemoryBridge;
  const run = (code: string) => sandbox.run({ code, bridge });
  const failure = (result: SandboxRunResult) => (result.ok ? undefined : result.error);

  beforeAll(() => {
    sandbox = new SandboxService({ isolation, maxConsoleBytes: 200 });
  });
  afterAll(() => sandbox.onApplicationShutdown());
  beforeEach(() => {
    bridge = new InMemoryBridge({
      query_Echo: (args) => args,
      view_Echo: (args) => ({ view: args }),
      report_Total: () => 42,
      command_Fail: () => {
        throw new FakeOperationError('ConflictError', 'Stock is short', 'conflict');
      },
    });
  });

  describe('return values', () => {
    it.each([
      ['return 42', '42'],
      ['return -1.5', '-1.5'],
      ["return 'text'", '"text"'],
      ['return true', 'true'],
      ['return false', 'false'],
      ['return null', 'null'],
      ['return [1, "a", null, [2]]', '[1,"a",null,[2]]'],
      ['return { a: { b: [1, { c: "d" }] } }', '{"a":{"b":[1,{"c":"d"}]}}'],
    ])('%s → %s', async (code, json) => {
      expect(await run(code)).toMatchObject({ ok: true, resultJson: json });
    });

    it.each([['const x = 1;'], ['return undefined'], ['return () => 1'], ['return Symbol("s")']])(
      '%s → null (JSON semantics)',
      async (code) => {
        expect(await run(code)).toMatchObject({ ok: true, resultJson: 'null' });
      },
    );

    it('applies JSON semantics inside values: Date → ISO text, NaN → null, undefined members dropped', async () => {
      const result = await run('return { d: new Date(0), n: NaN, u: undefined, f() {} }');
      expect(result).toMatchObject({ ok: true, resultJson: '{"d":"1970-01-01T00:00:00.000Z","n":null}' });
    });

    it('awaits a returned promise', async () => {
      expect(await run('return Promise.resolve([1, 2])')).toMatchObject({ ok: true, resultJson: '[1,2]' });
    });

    it.each([
      ['return 10n', /BigInt/],
      ['const a = {}; a.self = a; return a', /circular/i],
    ])('%s is a script failure with a clear message', async (code, pattern) => {
      const error = failure(await run(code));
      expect(error).toMatchObject({ kind: 'script', name: 'TypeError' });
      expect(error?.message).toMatch(/^The returned value cannot be converted to JSON: /);
      expect(error?.message).toMatch(pattern);
    });
  });

  describe('errors point at the user line', () => {
    it('reports name, message and line 1', async () => {
      expect(failure(await run("throw new RangeError('nope')"))).toEqual({
        kind: 'script',
        name: 'RangeError',
        message: 'nope',
        line: 1,
        column: 7,
      });
    });

    it('reports line 3 of a multi-line script', async () => {
      const error = failure(await run('const a = 1;\nconst b = a + 1;\nnull.boom;\nreturn b;'));
      expect(error).toMatchObject({ kind: 'script', name: 'TypeError', line: 3 });
      expect(error?.message).toMatch(/boom/);
    });

    it('reports the throwing line inside a helper function', async () => {
      const code = 'function check(x) {\n  if (x > 1) {\n    throw new Error("too big: " + x);\n  }\n}\ncheck(5);';
      expect(failure(await run(code))).toMatchObject({ name: 'Error', message: 'too big: 5', line: 3 });
    });

    it('reports a thrown non-Error value', async () => {
      expect(failure(await run('throw { code: 7 }'))).toMatchObject({
        kind: 'script',
        name: 'Error',
        message: 'a non-Error value was thrown: {"code":7}',
      });
    });

    it('reports a syntax error with its line', async () => {
      expect(failure(await run('const a = 1;\nconst b = a +* 2;\nreturn b;'))).toMatchObject({
        kind: 'syntax',
        name: 'SyntaxError',
        line: 2,
      });
    });

    it('reports code nested too deeply to compile (100,000 parentheses) as a syntax error at its line', async () => {
      const code = `const a = 1;\nreturn ${'('.repeat(100_000)}a${')'.repeat(100_000)};`;
      const error = failure(await run(code));
      expect(error).toMatchObject({ kind: 'syntax', name: 'SyntaxError', line: 2 });
      expect(error?.message).toMatch(/nests too deeply to compile \(100000 levels/);
    });

    it('blames the last line, not the hidden wrapper, for an unclosed brace', async () => {
      const error = failure(await run('if (true) {\n  return 1;'));
      expect(error).toMatchObject({ kind: 'syntax', line: 2 });
      expect(error?.message).toMatch(/still open/);
    });
  });

  describe('myko', () => {
    it('routes each kind to the bridge with the JSON arguments', async () => {
      const code = `
        const a = await myko.query('Echo', { x: 1 });
        const b = await myko.view('Echo');
        const c = await myko.report('Total');
        return { a, b, c };`;
      expect(await run(code)).toMatchObject({ ok: true, resultJson: '{"a":{"x":1},"b":{"view":{}},"c":42}' });
      expect(bridge.received).toEqual([
        { kind: 'query', id: 'Echo', args: { x: 1 } },
        { kind: 'view', id: 'Echo', args: {} },
        { kind: 'report', id: 'Total', args: {} },
      ]);
    });

    it('runs calls concurrently with Promise.all and counts them', async () => {
      const result = await run("return Promise.all([1, 2, 3].map((i) => myko.query('Echo', { i })))");
      expect(result).toMatchObject({ ok: true, resultJson: '[{"i":1},{"i":2},{"i":3}]' });
      expect(result.stats.calls).toBe(3);
    });

    it('throws a bridge rejection into the script with its name, message and code (try/catch works)', async () => {
      const code =
        "try {\n  await myko.command('Fail');\n} catch (e) {\n  return [e instanceof Error, e.name, e.message, e.code];\n}";
      expect(await run(code)).toMatchObject({
        ok: true,
        resultJson: '[true,"ConflictError","Stock is short","conflict"]',
      });
    });

    it('reports an uncaught bridge rejection at the line of the call', async () => {
      const error = failure(await run("const x = 1;\n\nawait myko.query('Hidden');"));
      expect(error).toEqual({
        kind: 'script',
        name: 'OperationNotFoundError',
        message: 'Unknown operation: query_Hidden',
        line: 3,
        column: 12,
      });
    });

    it.each([
      ['myko.query(42)', /id must be a string, got number/],
      ["myko.query('Echo', { n: 1n })", /cannot be converted to JSON/],
      ["myko.query('Echo', () => 1)", /must be a JSON value/],
    ])('%s rejects with a TypeError and never reaches the bridge', async (call, pattern) => {
      const error = failure(await run(`await ${call};`));
      expect(error).toMatchObject({ kind: 'script', name: 'TypeError', line: 1 });
      expect(error?.message).toMatch(pattern);
      expect(bridge.received).toEqual([]);
    });

    it('is frozen', async () => {
      const code = "'use strict';\nmyko.query = () => 'evil';";
      expect(failure(await run(code))).toMatchObject({ name: 'TypeError', line: 2 });
    });
  });

  describe('console', () => {
    it('captures every level, formatting values in the isolate', async () => {
      const code = `
        console.log('a', 1, { b: [2] }, undefined, null);
        console.info(10n, true);
        console.warn(new TypeError('bad'));
        console.error(Symbol('s'), () => 1);
        console.debug('');
        return 1;`;
      const result = await run(code);
      expect(result.console).toEqual({
        text: '[log] a 1 {"b":[2]} undefined null\n[info] 10n true\n[warn] TypeError: bad (line 4)\n[error] Symbol(s) [Function]\n[debug] ',
        truncated: false,
      });
    });

    it('keeps console output of a failed run', async () => {
      const result = await run("console.log('before');\nthrow new Error('after')");
      expect(result).toMatchObject({ ok: false, console: { text: '[log] before', truncated: false } });
    });

    it('caps the output in bytes and flags it truncated', async () => {
      const result = await run("for (let i = 0; i < 1000; i++) console.log('line ' + i);\nreturn 'done';");
      expect(result).toMatchObject({ ok: true, resultJson: '"done"' });
      expect(Buffer.byteLength(result.console.text)).toBe(200);
      expect(result.console.text.startsWith('[log] line 0\n[log] line 1\n')).toBe(true);
      expect(result.console.truncated).toBe(true);
    });
  });

  it('reports wall time, CPU time and queue time', async () => {
    const { stats } = await run('let n = 0; for (let i = 0; i < 1e6; i++) n += i; return n;');
    expect(stats.wallMs).toBeGreaterThan(0);
    expect(stats.cpuMs).toBeGreaterThan(0);
    expect(stats.queuedMs).toBeGreaterThanOrEqual(0);
    expect(stats.calls).toBe(0);
  });
});
