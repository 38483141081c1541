/**
 * The cost of observability: server CPU per request of the real service with Prometheus metrics and
 * OpenTelemetry tracing on (every request sampled; spans made and ended, no exporter) vs the same
 * service with both off, in the same run, closed-loop over Streamable HTTP with 4 connections. Two
 * calls: a cheap direct tool (the request span and metrics alone) and an `execute` making three
 * `myko.*` calls (plus a child span and a counted operation call each).
 */
const { mkdtempSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { CHEAP_ARGS, CHEAP_TOOL } = require('../lib/cheap-operation');
const { httpTarget, runLoad } = require('../lib/load');
const { row } = require('../lib/report');
const { startServerProcess } = require('../lib/server-process');

const CONCURRENCY = 4;
const EXECUTE_ARGS = {
  code: `let n = 0;
    for (const ids of [[1], [2], [3]]) n += (await myko.query('GetBillingInvoices', { ids })).length ?? 1;
    return n;`,
};

/** Both servers read a config file (so both resolve access the same way); only one turns observability on. */
function configFile(on) {
  const path = join(mkdtempSync(join(tmpdir(), 'myko-bench-obs-')), 'myko.config.json');
  const observability = { metrics: {}, tracing: { exporter: 'none', sampleRatio: 1 } };
  writeFileSync(path, JSON.stringify({ auth: { required: false }, ...(on ? { observability } : {}) }));
  return path;
}

async function timedRun(server, target, durationMs) {
  const before = await server.cpuMicros();
  const result = await runLoad(target, durationMs);
  return { rps: result.rps, cpuMs: ((await server.cpuMicros()) - before) / 1000 / result.latencies.length };
}

async function measure(ctx, servers) {
  const calls = { direct: [CHEAP_TOOL, CHEAP_ARGS], execute: ['execute', EXECUTE_ARGS] };
  const plan = {};
  for (const [call, [tool, args]] of Object.entries(calls)) {
    for (const mode of ['on', 'off'])
      plan[`${call}-${mode}`] = [servers[mode], await httpTarget(servers[mode].port, tool, args, CONCURRENCY)];
  }
  const names = Object.keys(plan);
  const cpu = Object.fromEntries(names.map((name) => [name, []]));
  const rounds = ctx.quick ? 2 : 8;
  const durationMs = ctx.quick ? 400 : 800;
  try {
    // A long warm-up: the first rounds otherwise measure the JIT more than the observers.
    for (const name of names) await runLoad(plan[name][1], ctx.quick ? 300 : 1500);
    for (let round = 0; round < rounds; round++) {
      // Alternate which mode goes first, so drift on the shared machine hits both alike.
      const order = round % 2 === 0 ? names : [...names].reverse();
      for (const name of order) cpu[name].push((await timedRun(plan[name][0], plan[name][1], durationMs)).cpuMs);
      ctx.log(
        `round ${round + 1}/${rounds}: ${names.map((n) => `${n} ${(cpu[n].at(-1) * 1000).toFixed(0)} µs`).join(', ')}`,
      );
    }
  } finally {
    for (const [, target] of Object.values(plan)) target.close();
  }
  return cpu;
}

module.exports = {
  title: 'observability overhead: metrics + tracing on vs off',
  async run(ctx) {
    const base = { toolMode: 'both', synthetic: 1000 };
    const [on, off] = await Promise.all([
      startServerProcess('myko', { ...base, configPath: configFile(true) }),
      startServerProcess('myko', { ...base, configPath: configFile(false) }),
    ]);
    try {
      const metrics = await fetch(`http://127.0.0.1:${on.port}/metrics`);
      if (metrics.status !== 200) throw new Error(`metrics not served by the "on" server: ${metrics.status}`);
      const cpu = await measure(ctx, { on, off });
      const scraped = await (await fetch(`http://127.0.0.1:${on.port}/metrics`)).text();
      if (!scraped.includes('myko_execute_total{outcome="ok"}')) throw new Error('the "on" server counted no execute');
      return [
        row({
          id: 'cpu.observability-direct',
          benchmark: 'HTTP server CPU/request: metrics + tracing on',
          measures: `user + system CPU of the server per tools/call ${CHEAP_TOOL} (direct), metrics and tracing (all sampled, no exporter) on, vs both off`,
          subject: cpu['direct-on'],
          baseline: { label: 'observability off', samples: cpu['direct-off'] },
          paired: true,
        }),
        row({
          id: 'cpu.observability-execute',
          benchmark: 'HTTP server CPU/request: execute, metrics + tracing on',
          measures:
            'user + system CPU of the server per execute making 3 myko.query calls (a request span and 3 child spans), vs both off',
          subject: cpu['execute-on'],
          baseline: { label: 'observability off', samples: cpu['execute-off'] },
          paired: true,
        }),
      ];
    } finally {
      await Promise.all([on.close(), off.close()]);
    }
  },
};
