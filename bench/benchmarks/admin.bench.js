/**
 * What the admin API and console cost the request path (issue 43): a trivial `execute` over Streamable HTTP
 * against the real service with the admin API on (an admin key configured: its routes, the console's files, the
 * live view's run tracking) vs the same service with it off, in the same run, closed loop with 4 connections,
 * round by round (paired ratio). Server CPU per request and the requests' median latency.
 */
const { createHash } = require('node:crypto');
const { mkdtempSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { httpTarget, runLoad } = require('../lib/load');
const { row } = require('../lib/report');
const { startServerProcess } = require('../lib/server-process');
const { summarize } = require('../lib/stats');

const CONCURRENCY = 4;
const ADMIN_KEY = 'bench-admin-key-0123456789abcdef';
const EXECUTE_ARGS = { code: 'return 1 + 1' };

/** Both servers read a config file (so both resolve access the same way); only one has an admin key. */
function configFile(on) {
  const path = join(mkdtempSync(join(tmpdir(), 'myko-bench-admin-')), 'myko.config.json');
  const hash = `sha256:${createHash('sha256').update(ADMIN_KEY, 'utf8').digest('hex')}`;
  writeFileSync(path, JSON.stringify({ auth: { required: false }, ...(on ? { admin: { keys: [hash] } } : {}) }));
  return path;
}

async function expectAdmin(server, served) {
  const answer = await fetch(`http://127.0.0.1:${server.port}/admin/live`, {
    headers: { authorization: `Bearer ${ADMIN_KEY}` },
  });
  if ((answer.status === 200) !== served) throw new Error(`admin API ${served ? 'not ' : ''}served: ${answer.status}`);
}

async function timedRun(server, target, durationMs) {
  const before = await server.cpuMicros();
  const result = await runLoad(target, durationMs);
  const cpuMs = ((await server.cpuMicros()) - before) / 1000 / result.latencies.length;
  return { cpuMs, p50: summarize(result.latencies).median };
}

async function measure(ctx, servers) {
  const targets = {
    on: await httpTarget(servers.on.port, 'execute', EXECUTE_ARGS, CONCURRENCY),
    off: await httpTarget(servers.off.port, 'execute', EXECUTE_ARGS, CONCURRENCY),
  };
  const samples = { on: { cpu: [], p50: [] }, off: { cpu: [], p50: [] } };
  const rounds = ctx.quick ? 2 : 8;
  const durationMs = ctx.quick ? 400 : 800;
  try {
    for (const mode of ['on', 'off']) await runLoad(targets[mode], ctx.quick ? 300 : 1500);
    for (let round = 0; round < rounds; round++) {
      // Alternate which mode goes first, so drift on the shared machine hits both alike.
      for (const mode of round % 2 === 0 ? ['on', 'off'] : ['off', 'on']) {
        const { cpuMs, p50 } = await timedRun(servers[mode], targets[mode], durationMs);
        samples[mode].cpu.push(cpuMs);
        samples[mode].p50.push(p50);
      }
      const us = (mode) => (samples[mode].cpu.at(-1) * 1000).toFixed(0);
      ctx.log(`round ${round + 1}/${rounds}: CPU/request on ${us('on')} µs, off ${us('off')} µs`);
    }
  } finally {
    for (const target of Object.values(targets)) target.close();
  }
  return samples;
}

module.exports = {
  title: 'admin API on vs off: a trivial execute',
  async run(ctx) {
    const base = { toolMode: 'code' };
    const [on, off] = await Promise.all([
      startServerProcess('myko', { ...base, configPath: configFile(true) }),
      startServerProcess('myko', { ...base, configPath: configFile(false) }),
    ]);
    try {
      await expectAdmin(on, true);
      await expectAdmin(off, false);
      const samples = await measure(ctx, { on, off });
      return [
        row({
          id: 'admin.execute-cpu',
          benchmark: 'HTTP server CPU/request: admin API on',
          measures:
            'user + system CPU of the server per tools/call execute (`return 1 + 1`), an admin key configured, vs none',
          subject: samples.on.cpu,
          baseline: { label: 'admin API off', samples: samples.off.cpu },
          paired: true,
        }),
        row({
          id: 'admin.execute-latency',
          benchmark: 'execute latency: admin API on',
          measures:
            'median latency of tools/call execute (`return 1 + 1`), 4 connections, admin key configured, vs none',
          subject: samples.on.p50,
          baseline: { label: 'admin API off', samples: samples.off.p50 },
          paired: true,
        }),
      ];
    } finally {
      await Promise.all([on.close(), off.close()]);
    }
  },
};
