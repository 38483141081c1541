/**
 * What the hostile client throws at `execute`. Each probe that looks for a way out returns
 * `{ escaped: boolean, … }` computed inside the sandbox; on top of that, every answer (result, console,
 * error text) is searched for things only the host knows (its paths, Node's version table). Either one
 * counts as an escape. Resource attacks (loops, memory, floods) must end as a tool error, or as a result
 * with the console cut, never take the server down.
 */
const { resolve } = require('node:path');

const REPO_ROOT = resolve(__dirname, '../../..');

/** Host-only knowledge that must never reach a script's answer. */
function hostMarkers(serverDir) {
  return [REPO_ROOT, serverDir, 'node_modules', '/dist/', '"node":"', 'isolated-vm', 'better-sqlite3'];
}

/** Names that exist in Node's or isolated-vm's world and must be absent inside the isolate. */
const HOST_GLOBALS = [
  'process',
  'require',
  'module',
  'exports',
  'Buffer',
  '__dirname',
  'global',
  'fetch',
  'setTimeout',
  'setImmediate',
  'ivm',
  '_ivm',
];

/**
 * @typedef {object} Attack
 * @property {string} name
 * @property {string} code the `execute` script
 * @property {'error' | 'ok' | 'any'} expect how the run must end (`any`: either is contained)
 */

/** @type {Attack[]} */
const ATTACKS = [
  { name: 'infinite loop', expect: 'error', code: 'while (true) {}' },
  {
    name: 'memory bomb: growing arrays',
    expect: 'error',
    code: 'const keep = []; for (;;) keep.push(new Array(100000).fill(keep.length));',
  },
  {
    name: 'memory bomb: growing strings',
    expect: 'error',
    code: "const keep = []; for (let i = 0; ; i++) keep.push('y'.repeat(1 << 20) + i);",
  },
  {
    name: 'constructor escape',
    expect: 'any',
    code: `let p;
      try { p = this.constructor.constructor('return process')(); } catch (e) { return { escaped: false, blocked: String(e) }; }
      return { escaped: typeof p === 'object' && p !== null && 'pid' in p };`,
  },
  {
    name: "Function('return this')",
    expect: 'any',
    code: `const g = Function('return this')();
      const found = ${JSON.stringify(HOST_GLOBALS)}.filter((name) => typeof g[name] !== 'undefined');
      return { escaped: found.length > 0, found };`,
  },
  {
    name: 'host globals beyond the API',
    expect: 'any',
    code: `const found = ${JSON.stringify(HOST_GLOBALS)}.filter((name) => typeof globalThis[name] !== 'undefined');
      let viaMyko = null;
      try { viaMyko = myko.query.constructor('return typeof process')(); } catch (e) { viaMyko = 'blocked'; }
      return { escaped: found.length > 0 || (viaMyko !== 'undefined' && viaMyko !== 'blocked'), found, viaMyko };`,
  },
  {
    name: 'stack inspection',
    expect: 'any',
    code: `Error.prepareStackTrace = (error, frames) => frames.map((f) => [f.getFileName(), typeof f.getThis(), typeof f.getFunction()]);
      try { await myko.query('NoSuchOperation'); } catch (e) { return { escaped: false, stack: e.stack }; }
      return { escaped: false };`,
  },
  {
    name: 'prototype pollution of myko',
    expect: 'any',
    code: `Object.prototype.__mykoPolluted = 'yes';
      Array.prototype.__mykoPolluted = 'yes';
      globalThis.__mykoStash = 'left behind';
      const tampered = [];
      try { myko.query = () => 'hijacked'; } catch { tampered.push('assign refused'); }
      try { Object.defineProperty(myko, 'command', { value: () => 'hijacked' }); } catch { tampered.push('define refused'); }
      try { Object.getPrototypeOf(myko).query = () => 'hijacked'; } catch { tampered.push('proto refused'); }
      const hostile = JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}');
      try { await myko.query('ListWarehouses', hostile); } catch { tampered.push('hostile args refused'); }
      return { escaped: false, frozen: Object.isFrozen(myko), tampered };`,
  },
  {
    name: 'pollution left over from another run',
    expect: 'ok',
    code: `const rows = await myko.query('ListWarehouses');
      const leaked = ({}).__mykoPolluted !== undefined || [].__mykoPolluted !== undefined
        || typeof globalThis.__mykoStash !== 'undefined' || rows.some((row) => 'polluted' in row);
      return { escaped: leaked };`,
  },
  {
    name: 'huge console output',
    expect: 'ok',
    code: "const line = 'z'.repeat(1000); for (let i = 0; i < 20000; i++) console.log(line); return 'printed';",
  },
  {
    name: 'call-limit flood (sequential)',
    expect: 'error',
    code: "for (let i = 0; i < 1000; i++) await myko.query('ListWarehouses'); return 'unreachable';",
  },
  {
    name: 'call-limit flood (parallel)',
    expect: 'error',
    code: "await Promise.all(Array.from({ length: 1000 }, () => myko.query('ListWarehouses'))); return 'unreachable';",
  },
];

/**
 * Whether an answer shows an escape: host-only text anywhere in it (result, console, error), or a result
 * (first text block) in which the script says it reached a host object.
 */
function escapeEvidence(blocks, isError, markers) {
  const text = blocks.join('\n');
  const marker = markers.find((m) => text.includes(m));
  if (marker) return `host text "${marker}" in the answer`;
  if (isError) return undefined;
  try {
    if (JSON.parse(blocks[0] ?? '')?.escaped === true) return 'the script reached a host object';
  } catch {
    // not JSON: a plain string result
  }
  return undefined;
}

module.exports = { ATTACKS, escapeEvidence, hostMarkers };
