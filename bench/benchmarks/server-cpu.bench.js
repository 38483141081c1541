/**
 * Server CPU per request: one `execute` chaining three reads against the same three reads as direct
 * `tools/call`s, over one keep-alive HTTP session (raw JSON-RPC) to the real service in its own process
 * (`--tool-mode both`, default sandbox: process isolation). Each request's CPU time is read around it from
 * /proc: every thread of the server and of its sandbox processes (`lib/proc-cpu.js`, nanoseconds), after a
 * short settle so that work a request leaves behind (its isolate's disposal, the warm pool's next isolate)
 * is charged to it. Interleaved request by request; a third kind sends a new script each time (no cached
 * scan or type check). Linux only: elsewhere the rows say n/a.
 */
const http = require('node:http');
const { openHttpSession, post } = require('../lib/load');
const { canReadTreeCpu, cpuMsOf, treePids } = require('../lib/proc-cpu');
const { formatValue, row } = require('../lib/report');
const { summarize } = require('../lib/stats');
const { startServerProcess } = require('../lib/server-process');
const { interleave } = require('../lib/timing');

/** Quiet time after each request before its CPU is read, so that the work it left behind counts. */
const SETTLE_MS = 15;
const READS = [
  ['query', 'ListWarehouses', {}],
  ['query', 'ListCategories', {}],
  ['query', 'ListProducts', { limit: 5 }],
];
const script = (tag) =>
  `${READS.map(([kind, id, args], i) => `const r${i} = await myko.${kind}('${id}', ${JSON.stringify(args)});`).join('\n')}
return { tag: ${tag}, warehouses: r0.length, categories: r1.length, products: r2.total };`;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function httpClient(port) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let id = 1;
  return {
    agent,
    open: () => openHttpSession(port, agent),
    async call(headers, name, args) {
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: id++,
        method: 'tools/call',
        params: { name, arguments: args },
      });
      const res = await post(agent, port, headers, body);
      if (res.status !== 200 || !res.body.includes('"result"') || res.body.includes('"isError":true')) {
        throw new Error(`${name}: HTTP ${res.status} ${res.body.slice(0, 300)}`);
      }
    },
  };
}

/** `fn`, with the CPU (ms) the server tree spent on it pushed to `into`. */
const charged = (server, fn, into) => async () => {
  const pids = treePids(server.pid);
  const before = cpuMsOf(pids);
  await fn();
  await sleep(SETTLE_MS);
  into.push(cpuMsOf(pids) - before);
};

async function measure(ctx, server) {
  const client = httpClient(server.port);
  const headers = await client.open();
  const cpu = { execute: [], direct: [], fresh: [], idle: [] };
  let tag = 0;
  const kinds = {
    execute: () => client.call(headers, 'execute', { code: script(0) }),
    direct: async () => {
      for (const [kind, id, args] of READS) await client.call(headers, `${kind}_${id}`, args);
    },
    fresh: () => client.call(headers, 'execute', { code: script(++tag) }),
    // No request: what the idle server spends in one settle, the floor under every sample.
    idle: async () => undefined,
  };
  try {
    await interleave(
      Object.fromEntries(Object.entries(kinds).map(([name, fn]) => [name, charged(server, fn, cpu[name])])),
      { iterations: ctx.iterations(150), deadlineMs: 60_000 },
    );
  } finally {
    client.agent.destroy();
  }
  // The warm-up calls pushed samples too: keep the timed ones only (the last of each list).
  const timed = Math.min(...Object.values(cpu).map((list) => list.length)) - Math.ceil(ctx.iterations(150) / 10);
  return Object.fromEntries(Object.entries(cpu).map(([name, list]) => [name, list.slice(-Math.max(1, timed))]));
}

const direct = (samples) => ({ label: `3 direct tools/call (${READS.map((r) => r[1]).join(', ')})`, samples });

function rows(cpu) {
  const idle = `idle server over one settle: ${formatValue(summarize(cpu.idle).median, 'ms')}`;
  return [
    row({
      id: 'server-cpu.execute',
      benchmark: 'server CPU: 3-call execute vs 3 direct calls',
      measures:
        'CPU time (all threads, server + sandbox processes, /proc schedstat) per execute chaining three reads, ' +
        `the same script each time, vs the same three reads as direct tools/call; one HTTP session, interleaved, ${SETTLE_MS} ms settle each (${idle}; target ≤ 4×)`,
      subject: cpu.execute,
      baseline: direct(cpu.direct),
    }),
    row({
      id: 'server-cpu.execute-new-script',
      benchmark: 'server CPU: 3-call execute, a new script each time',
      measures: 'the same, with a script the server has not seen (no cached scan or type check)',
      subject: cpu.fresh,
      baseline: direct(cpu.direct),
    }),
  ];
}

/** The rows without figures, where /proc cannot be read per thread. */
const unavailable = (why) =>
  ['server-cpu.execute', 'server-cpu.execute-new-script'].map((id) => ({
    ...row({ id, benchmark: id, measures: `n/a: ${why}`, subject: [] }),
  }));

module.exports = {
  title: 'Server CPU per request: a 3-call execute vs 3 direct tools/call',
  async run(ctx) {
    const server = await startServerProcess('myko', { toolMode: 'both' });
    try {
      if (!canReadTreeCpu(server.pid)) return unavailable('needs Linux /proc/<pid>/task/<tid>/schedstat');
      return rows(await measure(ctx, server));
    } finally {
      await server.close();
    }
  },
};
