/**
 * Per-message cost of MCP inside an existing Nest application (`MykoModule` imported by the
 * embedding fixture, on Express with its default body parser and on Fastify) against the service
 * (`myko-nest serve`), same run: server CPU and round-trip latency per message of one mix — `tools/call
 * search` and `tools/call execute` of a small script, alternating — over Streamable HTTP and over
 * WebSocket, 8 requests in flight closed-loop (4 of each), each server in its own process with the same operations (the
 * example plugins; the fixture adds its 4 orders operations). Target: ≤ 1.10× the service.
 */
const { httpTarget, loadRounds, runLoad, wsTarget } = require('../lib/load');
const { row } = require('../lib/report');
const { startServerProcess } = require('../lib/server-process');

const CONCURRENCY = 8;
const SEARCH_ARGS = { query: 'low stock products', limit: 10 };
const EXECUTE_ARGS = { code: 'return [1, 2, 3].map((n) => n * 2);' };
const SERVERS = { service: 'the service', express: 'embedded, Express', fastify: 'embedded, Fastify' };
const MIX = 'tools/call search + tools/call execute (small script), alternating';

/**
 * A target whose calls alternate between two targets (each with its own session or connections),
 * never giving one more calls at once than its own concurrency (a WebSocket target's connection
 * carries one request at a time).
 */
function mixed(first, second) {
  const parts = [first, second].map((target) => ({ target, busy: 0 }));
  let turn = 0;
  return {
    concurrency: first.concurrency + second.concurrency,
    once: async () => {
      const preferred = parts[turn++ % 2];
      const part = preferred.busy < preferred.target.concurrency ? preferred : parts.find((p) => p !== preferred);
      part.busy++;
      try {
        await part.target.once();
      } finally {
        part.busy--;
      }
    },
    close: () => {
      first.close();
      second.close();
    },
  };
}

async function openTargets(servers) {
  const open = {};
  for (const [name, server] of Object.entries(servers)) {
    const half = CONCURRENCY / 2;
    open[`http-${name}`] = mixed(
      await httpTarget(server.port, 'search', SEARCH_ARGS, half),
      await httpTarget(server.port, 'execute', EXECUTE_ARGS, half),
    );
    open[`ws-${name}`] = mixed(
      await wsTarget(server.port, 'search', SEARCH_ARGS, half),
      await wsTarget(server.port, 'execute', EXECUTE_ARGS, half),
    );
  }
  return open;
}

async function timedRun(server, target, durationMs) {
  const before = await server.cpuMicros();
  const result = await runLoad(target, durationMs);
  const micros = (await server.cpuMicros()) - before;
  return { ...result, cpuMsPerRequest: micros / 1000 / result.latencies.length };
}

function rowsOf({ cpu, latencies }) {
  const rows = [];
  for (const via of ['http', 'ws']) {
    const label = via === 'http' ? 'HTTP' : 'WS';
    for (const platform of ['express', 'fastify']) {
      const name = `${via}-${platform}`;
      const baseline = { label: SERVERS.service, samples: cpu[`${via}-service`] };
      rows.push(
        row({
          id: `embedding.cpu.${name}`,
          benchmark: `${label} server CPU/message: ${SERVERS[platform]}`,
          measures: `user + system CPU of the server process per message of the mix (${MIX}), vs the service's`,
          subject: cpu[name],
          baseline,
          paired: true,
          note: 'target ≤ 1.10×',
        }),
        row({
          id: `embedding.latency.${name}`,
          benchmark: `${label} latency: ${SERVERS[platform]}`,
          measures: 'per-message round trip of the same load',
          subject: latencies[name],
          baseline: { label: SERVERS.service, samples: latencies[`${via}-service`] },
          // Not the target: the median of a mix moves with the share of fast calls a server answered.
          note: 'the mix of both calls; the target is the CPU row',
        }),
      );
    }
  }
  return rows;
}

module.exports = {
  title: 'MCP inside an existing Nest application vs the service, per message',
  async run(ctx) {
    ctx.log('starting the service and the embedding fixture on Express and on Fastify');
    const servers = {
      service: await startServerProcess('myko'),
      express: await startServerProcess('embedding', { platform: 'express' }),
      fastify: await startServerProcess('embedding', { platform: 'fastify' }),
    };
    try {
      const open = await openTargets(servers);
      const serverOf = (name) => servers[name.split('-')[1]];
      const samples = await loadRounds(ctx, open, {
        rounds: ctx.quick ? 2 : 10,
        durationMs: ctx.quick ? 400 : 1000,
        warmupMs: 300,
        step: 5,
        timed: (name, durationMs) => timedRun(serverOf(name), open[name], durationMs),
      });
      return rowsOf(samples);
    } finally {
      await Promise.all(Object.values(servers).map((server) => server.close()));
    }
  },
};
