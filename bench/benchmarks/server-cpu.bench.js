/**
 * Server CPU per request: one `execute` chaining three reads against the same three reads as direct
 * `tools/call`s, over one keep-alive HTTP session and over one WebSocket (raw JSON-RPC) to the real service in its own process
 * (`--tool-mode both`, default sandbox: process isolation). Each request's CPU time is read around it from
 * /proc: every thread of the server and of its sandbox processes (`lib/proc-cpu.js`, nanoseconds), after a
 * short settle so that work a request leaves behind (its isolate's disposal, the warm pool's next isolate)
 * is charged to it. Interleaved request by request; a third kind sends a new script each time (no cached
 * scan or type check). Linux only: elsewhere the rows say n/a.
 */
const http = require('node:http');
const { openHttpSession, openWsConnection, post } = require('../lib/load');
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

const checked = (name, text) => {
  if (!text.includes('"result"') || text.includes('"isError":true')) throw new Error(`${name}: ${text.slice(0, 300)}`);
};
const callBody = (id, name, args) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

/** One HTTP session (raw JSON-RPC, keep-alive): `call(name, args)`, `close()`. */
async function httpClient(port) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const headers = await openHttpSession(port, agent);
  let id = 1;
  return {
    async call(name, args) {
      const res = await post(agent, port, headers, callBody(id++, name, args));
      if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status} ${res.body.slice(0, 300)}`);
      checked(name, res.body);
    },
    close: () => agent.destroy(),
  };
}

/** One WebSocket connection (raw JSON-RPC): `call(name, args)`, `close()`. */
async function wsClient(port) {
  const connection = await openWsConnection(port);
  let id = 1;
  return {
    call: async (name, args) => checked(name, await connection.request(callBody(id++, name, args))),
    close: () => connection.close(),
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

/** The three kinds of request over one client, named `<transport>.<kind>`. */
function kindsOf(transport, client) {
  let tag = 0;
  return {
    [`${transport}.execute`]: () => client.call('execute', { code: script(0) }),
    [`${transport}.direct`]: async () => {
      for (const [kind, id, args] of READS) await client.call(`${kind}_${id}`, args);
    },
    // A tag never sent before: a new script.
    [`${transport}.fresh`]: () => client.call('execute', { code: script(`'${transport}-${++tag}'`) }),
  };
}

async function measure(ctx, server) {
  const clients = { http: await httpClient(server.port), ws: await wsClient(server.port) };
  const kinds = {
    ...kindsOf('http', clients.http),
    ...kindsOf('ws', clients.ws),
    // No request: what the idle server spends in one settle, the floor under every sample.
    idle: async () => undefined,
  };
  const cpu = Object.fromEntries(Object.keys(kinds).map((name) => [name, []]));
  const iterations = ctx.iterations(150);
  try {
    await interleave(
      Object.fromEntries(Object.entries(kinds).map(([name, fn]) => [name, charged(server, fn, cpu[name])])),
      { iterations, deadlineMs: 90_000 },
    );
  } finally {
    for (const client of Object.values(clients)) client.close();
  }
  // The warm-up calls pushed samples too: keep the timed ones only (the last of each list).
  const timed = Math.min(...Object.values(cpu).map((list) => list.length)) - Math.ceil(iterations / 10);
  return Object.fromEntries(Object.entries(cpu).map(([name, list]) => [name, list.slice(-Math.max(1, timed))]));
}

const direct = (samples) => ({ label: `3 direct tools/call (${READS.map((r) => r[1]).join(', ')})`, samples });

const TRANSPORTS = { http: 'one HTTP session', ws: 'one WebSocket' };

function rows(cpu) {
  const idle = `idle server over one settle: ${formatValue(summarize(cpu.idle).median, 'ms')}`;
  return Object.entries(TRANSPORTS).flatMap(([transport, over]) => {
    const id = transport === 'http' ? 'server-cpu' : `server-cpu.${transport}`;
    return [
      row({
        id: `${id}.execute`,
        benchmark: `server CPU: 3-call execute vs 3 direct calls (${transport.toUpperCase()})`,
        measures:
          'CPU time (all threads, server + sandbox processes, /proc schedstat) per execute chaining three reads, ' +
          `the same script each time, vs the same three reads as direct tools/call; ${over}, raw JSON-RPC, ` +
          `interleaved request by request, ${SETTLE_MS} ms settle each (${idle}; target ≤ 4×)`,
        subject: cpu[`${transport}.execute`],
        baseline: direct(cpu[`${transport}.direct`]),
      }),
      row({
        id: `${id}.execute-new-script`,
        benchmark: `server CPU: 3-call execute, a new script each time (${transport.toUpperCase()})`,
        measures: 'the same, with a script the server has not seen (no cached scan or type check)',
        subject: cpu[`${transport}.fresh`],
        baseline: direct(cpu[`${transport}.direct`]),
      }),
    ];
  });
}

/** The rows without figures, where /proc cannot be read per thread. */
const unavailable = (why) =>
  [
    'server-cpu.execute',
    'server-cpu.execute-new-script',
    'server-cpu.ws.execute',
    'server-cpu.ws.execute-new-script',
  ].map((id) => row({ id, benchmark: id, measures: `n/a: ${why}`, subject: [] }));

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
