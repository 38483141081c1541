/**
 * Throughput and latency of `tools/call` over Streamable HTTP and WebSocket, closed-loop with 8
 * connections from this process against servers in their own processes: the real service (both
 * modes: a cheap query as a direct tool, and `search`), two floors (a bare `node:http` JSON-RPC echo,
 * a bare `ws` echo), and the peer (the official SDK's `McpServer` on its Streamable HTTP transport,
 * the same tool and handler), and the service's DispatchService behind bare servers (the ceiling without
 * the gateway stack). Targets run in turn, in rotating order, for several rounds.
 */
const { CHEAP_ARGS, CHEAP_TOOL } = require('../lib/cheap-operation');
const { httpTarget, loadRounds, runLoad, statelessHttpTarget, wsTarget } = require('../lib/load');
const { row } = require('../lib/report');
const { startServerProcess } = require('../lib/server-process');

const CONCURRENCY = 8;
const SEARCH_ARGS = { query: 'billing invoices', limit: 10 };

/** Each target: the server it loads and how to open it. */
function targets(servers) {
  const { myko, rawHttp, rawWs, sdk, bare } = servers;
  const http = (server, tool, args) => [server, () => httpTarget(server.port, tool, args, CONCURRENCY)];
  const ws = (server, tool, args) => [server, () => wsTarget(server.port, tool, args, CONCURRENCY)];
  const stateless = (server, tool, args) => [
    server,
    async () => statelessHttpTarget(server.port, tool, args, CONCURRENCY),
  ];
  const wsModern = (server, tool, args) => [server, () => wsTarget(server.port, tool, args, CONCURRENCY, true)];
  return {
    'http-floor': http(rawHttp, CHEAP_TOOL, CHEAP_ARGS),
    'http-direct': http(myko, CHEAP_TOOL, CHEAP_ARGS),
    'http-search': http(myko, 'search', SEARCH_ARGS),
    'http-stateless-direct': stateless(myko, CHEAP_TOOL, CHEAP_ARGS),
    'http-stateless-search': stateless(myko, 'search', SEARCH_ARGS),
    'http-sdk': http(sdk, CHEAP_TOOL, CHEAP_ARGS),
    'http-bare': http(bare, CHEAP_TOOL, CHEAP_ARGS),
    'ws-floor': ws(rawWs, CHEAP_TOOL, CHEAP_ARGS),
    'ws-direct': ws(myko, CHEAP_TOOL, CHEAP_ARGS),
    'ws-search': ws(myko, 'search', SEARCH_ARGS),
    'ws-stateless-direct': wsModern(myko, CHEAP_TOOL, CHEAP_ARGS),
    'ws-stateless-search': wsModern(myko, 'search', SEARCH_ARGS),
    'ws-bare': ws(bare, CHEAP_TOOL, CHEAP_ARGS),
  };
}

/**
 * One timed run of a target, with the CPU time its server spent per request (user + system, µs):
 * unlike throughput, that does not depend on how the load generator shares this machine's cores.
 */
async function timedRun(server, target, durationMs) {
  const cpuBefore = await server.cpuMicros();
  const result = await runLoad(target, durationMs);
  const cpuMicros = (await server.cpuMicros()) - cpuBefore;
  return { ...result, cpuMsPerRequest: cpuMicros / 1000 / result.latencies.length };
}

async function measure(ctx, plan) {
  const names = Object.keys(plan);
  const open = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await plan[name][1]()])));
  return loadRounds(ctx, open, {
    rounds: ctx.quick ? 2 : 6,
    durationMs: ctx.quick ? 400 : 700,
    warmupMs: 300,
    step: 3,
    timed: (name, durationMs) => timedRun(plan[name][0], open[name], durationMs),
  });
}

const transport = (name) => (name.startsWith('ws') ? 'WS' : 'HTTP');
const FLOOR = { HTTP: 'raw node:http echo', WS: 'raw ws echo' };
const CALLS = {
  direct: `tools/call ${CHEAP_TOOL} (direct mode, 3 validated args)`,
  search: `tools/call search ${JSON.stringify(SEARCH_ARGS)} over 1,000+ operations`,
};

/** Server CPU per request of each service target against its floor, and against the dispatch alone. */
function cpuRows(cpu) {
  const rows = [];
  for (const name of ['http-direct', 'http-bare', 'ws-direct', 'ws-bare']) {
    const via = transport(name);
    const alone = name.endsWith('bare');
    rows.push(
      row({
        id: `cpu.${name}`,
        benchmark: `${via} server CPU/request: ${alone ? 'dispatch alone' : 'direct'}`,
        measures: `user + system CPU of the server process per ${CALLS.direct}${alone ? ', DispatchService behind a bare server' : ''}, vs the ${FLOOR[via]}'s per request`,
        subject: cpu[name],
        baseline: { label: FLOOR[via], samples: cpu[`${via.toLowerCase()}-floor`] },
        paired: true,
      }),
    );
  }
  rows.push(
    row({
      id: 'cpu.http-vs-sdk',
      benchmark: 'HTTP server CPU/request: vs SDK McpServer',
      measures: `user + system CPU per ${CALLS.direct}, vs the SDK McpServer's per request`,
      subject: cpu['http-direct'],
      baseline: { label: 'SDK McpServer', samples: cpu['http-sdk'] },
      paired: true,
    }),
  );
  return rows;
}

function rowsOf({ rps, cpu, latencies }) {
  const rows = [];
  for (const name of ['http-direct', 'http-search', 'ws-direct', 'ws-search']) {
    const via = transport(name);
    const floor = `${via.toLowerCase()}-floor`;
    const what = CALLS[name.split('-')[1]];
    rows.push(
      row({
        id: `throughput.${name}`,
        benchmark: `${via} throughput: ${name.split('-')[1]}`,
        measures: `${what}, 8 connections closed-loop, vs a ${FLOOR[via]} of the same request`,
        unit: 'rps',
        subject: rps[name],
        baseline: { label: FLOOR[via], samples: rps[floor] },
        paired: true,
      }),
      row({
        id: `latency.${name}`,
        benchmark: `${via} latency: ${name.split('-')[1]}`,
        measures: `per-request round trip of the same load`,
        subject: latencies[name],
        baseline: { label: FLOOR[via], samples: latencies[floor] },
      }),
    );
  }
  rows.splice(
    2,
    0,
    row({
      id: 'throughput.http-vs-sdk',
      benchmark: 'HTTP throughput: vs SDK McpServer',
      measures: `${CALLS.direct}, vs the official SDK McpServer (Streamable HTTP, stateful, JSON responses) serving the same tool and handler`,
      unit: 'rps',
      subject: rps['http-direct'],
      baseline: { label: 'SDK McpServer', samples: rps['http-sdk'] },
      paired: true,
    }),
    row({
      id: 'latency.http-vs-sdk',
      benchmark: 'HTTP latency: vs SDK McpServer',
      measures: 'per-request round trip of the same load',
      subject: latencies['http-direct'],
      baseline: { label: 'SDK McpServer', samples: latencies['http-sdk'] },
    }),
  );
  for (const via of ['HTTP', 'WS']) {
    const key = via.toLowerCase();
    rows.push(
      row({
        id: `throughput.${key}-bare-dispatch`,
        benchmark: `${via} throughput: dispatch alone`,
        measures: `${CALLS.direct} through the same DispatchService behind a bare ${via === 'HTTP' ? 'node:http' : 'ws'} server (no routing, access, session or limits), vs the ${FLOOR[via]}: the ceiling without the transport layer`,
        unit: 'rps',
        subject: rps[`${key}-bare`],
        baseline: { label: FLOOR[via], samples: rps[`${key}-floor`] },
        paired: true,
      }),
    );
  }
  return [...rows, ...statelessRows(rps, latencies), ...cpuRows(cpu)];
}

/** 2026-07-28 stateless requests (the `_meta` envelope on each, no session) beside the session ones. */
function statelessRows(rps, latencies) {
  const rows = [];
  for (const name of ['http-stateless-direct', 'http-stateless-search', 'ws-stateless-direct', 'ws-stateless-search']) {
    const via = transport(name);
    const call = name.split('-')[2];
    const session = `${via.toLowerCase()}-${call}`;
    const what = `${CALLS[call]} as a 2026-07-28 stateless request (_meta envelope${via === 'HTTP' ? ', mirrored headers, no session' : ' on the connection'})`;
    rows.push(
      row({
        id: `throughput.${name}`,
        benchmark: `${via} throughput: stateless ${call}`,
        measures: `${what}, 8 connections closed-loop, vs the same call in a 2025-era session`,
        unit: 'rps',
        subject: rps[name],
        baseline: { label: `${via} session`, samples: rps[session] },
        paired: true,
      }),
      row({
        id: `latency.${name}`,
        benchmark: `${via} latency: stateless ${call}`,
        measures: 'per-request round trip of the same load, vs the session one',
        subject: latencies[name],
        baseline: { label: `${via} session`, samples: latencies[session] },
      }),
    );
  }
  return rows;
}

module.exports = {
  title: 'tools/call throughput over HTTP and WebSocket',
  async run(ctx) {
    ctx.log('starting the service (both modes, 1,000 synthetic operations), two floors and the SDK peer');
    const entries = await Promise.all([
      startServerProcess('myko', { toolMode: 'both', synthetic: 1000 }).then((s) => ['myko', s]),
      startServerProcess('raw-http').then((s) => ['rawHttp', s]),
      startServerProcess('raw-ws').then((s) => ['rawWs', s]),
      startServerProcess('sdk-mcp').then((s) => ['sdk', s]),
      startServerProcess('bare-dispatch', { toolMode: 'both', synthetic: 1000 }).then((s) => ['bare', s]),
    ]);
    const servers = Object.fromEntries(entries);
    try {
      return rowsOf(await measure(ctx, targets(servers)));
    } finally {
      await Promise.all(Object.values(servers).map((server) => server.close()));
    }
  },
};
