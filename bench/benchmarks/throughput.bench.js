/**
 * Throughput and latency of `tools/call` over Streamable HTTP and WebSocket, closed-loop with 8
 * connections from this process against servers in their own processes: the real service (both
 * modes: a cheap query as a direct tool, and `search`), two floors (a bare `node:http` JSON-RPC echo,
 * a bare `ws` echo), and the peer (the official SDK's `McpServer` on its Streamable HTTP transport,
 * the same tool and handler), and the service's DispatchService behind bare servers (the ceiling without
 * the gateway stack). Targets run in turn, in rotating order, for several rounds.
 */
const { CHEAP_ARGS, CHEAP_TOOL } = require('../lib/cheap-operation');
const { httpTarget, runLoad, wsTarget } = require('../lib/load');
const { row } = require('../lib/report');
const { startServerProcess } = require('../lib/server-process');

const CONCURRENCY = 8;
const SEARCH_ARGS = { query: 'billing invoices', limit: 10 };

function targets(servers) {
  const { myko, rawHttp, rawWs, sdk, bare } = servers;
  return {
    'http-floor': () => httpTarget(rawHttp.port, CHEAP_TOOL, CHEAP_ARGS, CONCURRENCY),
    'http-direct': () => httpTarget(myko.port, CHEAP_TOOL, CHEAP_ARGS, CONCURRENCY),
    'http-search': () => httpTarget(myko.port, 'search', SEARCH_ARGS, CONCURRENCY),
    'http-sdk': () => httpTarget(sdk.port, CHEAP_TOOL, CHEAP_ARGS, CONCURRENCY),
    'http-bare': () => httpTarget(bare.port, CHEAP_TOOL, CHEAP_ARGS, CONCURRENCY),
    'ws-floor': () => wsTarget(rawWs.port, CHEAP_TOOL, CHEAP_ARGS, CONCURRENCY),
    'ws-direct': () => wsTarget(myko.port, CHEAP_TOOL, CHEAP_ARGS, CONCURRENCY),
    'ws-search': () => wsTarget(myko.port, 'search', SEARCH_ARGS, CONCURRENCY),
    'ws-bare': () => wsTarget(bare.port, CHEAP_TOOL, CHEAP_ARGS, CONCURRENCY),
  };
}

async function measure(ctx, factories) {
  const names = Object.keys(factories);
  const open = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await factories[name]()])));
  const rps = Object.fromEntries(names.map((name) => [name, []]));
  const latencies = Object.fromEntries(names.map((name) => [name, []]));
  const rounds = ctx.quick ? 2 : 6;
  const durationMs = ctx.quick ? 400 : 700;
  try {
    for (const name of names) await runLoad(open[name], 300);
    for (let round = 0; round < rounds; round++) {
      const order = names.map((_, i) => names[(i + round * 3) % names.length]);
      for (const name of order) {
        const result = await runLoad(open[name], durationMs);
        rps[name].push(result.rps);
        for (const latency of result.latencies) latencies[name].push(latency);
      }
      ctx.log(`round ${round + 1}/${rounds}: ${names.map((n) => `${n} ${Math.round(rps[n].at(-1))}`).join(', ')}`);
    }
  } finally {
    for (const target of Object.values(open)) target.close();
  }
  return { rps, latencies };
}

const transport = (name) => (name.startsWith('ws') ? 'WS' : 'HTTP');
const FLOOR = { HTTP: 'raw node:http echo', WS: 'raw ws echo' };
const CALLS = {
  direct: `tools/call ${CHEAP_TOOL} (direct mode, 3 validated args)`,
  search: `tools/call search ${JSON.stringify(SEARCH_ARGS)} over 1,000+ operations`,
};

function rowsOf({ rps, latencies }) {
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
        measures: `${CALLS.direct} through the same DispatchService behind a bare ${via === 'HTTP' ? 'node:http' : 'ws'} server (no Nest gateway), vs the ${FLOOR[via]}: the ceiling without the gateway stack`,
        unit: 'rps',
        subject: rps[`${key}-bare`],
        baseline: { label: FLOOR[via], samples: rps[`${key}-floor`] },
        paired: true,
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
