/**
 * Work-conserving fairness: one API key running 1 conversation, then 50 (HTTP sessions, raw JSON-RPC), each
 * closed-loop sending an `execute` of a 5-operation read script, against two servers side by side: one with
 * the defaults, one with every fairness mechanism off. Alone, one principal should get the whole service:
 * the default server's throughput should be ≥ 0.9× the unfettered one's. Rounds alternate the servers, so
 * each pair shares the machine's conditions. Both servers run the real service in their own processes
 * (default sandbox: process isolation), with the same example data.
 *
 * "Off": the config file's `sandbox` section (`heavyClientCpuPercent: 0`, `abuseBackoff: false`, no run caps
 * per session/key/address, the type-check queue per client as large as the whole one) and, since the config
 * file has no `fairness` section yet, the `fairness` module options at their most permissive, passed to the
 * bench server (`lib/servers/myko.server.js` `dispatch`). Options a build does not know are ignored.
 */
const http = require('node:http');
const { authHeaders, writeKeysConfig } = require('../lib/bench-keys');
const { openHttpSession } = require('../../test/support/mcp-http');
const { checkAnswer, loadRounds, post, runLoad, waitOutRefusal } = require('../lib/load');
const { row } = require('../lib/report');
const { startServerProcess } = require('../lib/server-process');

const KEY = 'tenant';
const CONVERSATIONS = [1, 50];
const SCRIPT = `const products = await myko.query('ListProducts', { limit: 5 });
const categories = await myko.query('ListCategories', {});
const warehouses = await myko.query('ListWarehouses', {});
const customers = await myko.query('ListCustomers', { limit: 5 });
const orders = await myko.query('ListOrders', { limit: 5 });
return { products: products.total, categories: categories.length, warehouses: warehouses.length,
  customers: customers.total, orders: orders.total };`;

const UNLIMITED = 1_000_000;
/** The config file's settings that switch the per-client mechanisms off (those it can express today). */
const SANDBOX_OFF = {
  heavyClientCpuPercent: 0,
  abuseBackoff: false,
  maxRunsPerSession: 0,
  maxRunsPerKey: 0,
  maxRunsPerAddress: 0,
  typeCheckQueuePerClient: 256,
};
/** The fairness budgets at their most permissive (module options). */
const FAIRNESS_OFF = {
  liveRecomputesPerTurn: UNLIMITED,
  bridgeCallsPerTurn: UNLIMITED,
  bridgeTurnMs: 0,
  bridgeCallsPerClient: 0,
  bridgeCallsPerClientPerSecond: 0,
  bridgeCallBurstPerClient: UNLIMITED,
};

/** `count` sessions under the key, each with one `execute` in flight at a time; refusals counted (see load.js). */
async function sessionsTarget(port, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: count });
  const key = authHeaders(KEY);
  const sessions = [];
  for (let i = 0; i < count; i++)
    sessions.push({
      ...key,
      ...(await openHttpSession({ agent, port, clientName: `conversation-${i}`, headers: key })),
    });
  const free = [...sessions];
  let id = 1;
  const once = async () => {
    const headers = free.pop();
    try {
      const params = { name: 'execute', arguments: { code: SCRIPT } };
      const res = await post(
        agent,
        port,
        headers,
        JSON.stringify({ jsonrpc: '2.0', id: id++, method: 'tools/call', params }),
      );
      if (await waitOutRefusal(res.body)) return false;
      if (res.status !== 200) throw new Error(`execute: HTTP ${res.status} ${res.body.slice(0, 200)}`);
      checkAnswer(res.body, 'execute');
    } finally {
      free.push(headers);
    }
  };
  return { once, concurrency: count, close: () => agent.destroy() };
}

async function startServers() {
  const fair = await startServerProcess('myko', { configPath: writeKeysConfig([KEY]) });
  try {
    const configPath = writeKeysConfig([KEY], { sandbox: SANDBOX_OFF });
    const off = await startServerProcess('myko', { configPath, dispatch: { fairness: FAIRNESS_OFF } });
    return { fair, off };
  } catch (error) {
    await fair.close();
    throw error;
  }
}

function rowsOf({ rps, latencies, refused }) {
  return CONVERSATIONS.flatMap((count) => {
    const [fair, off] = [`fair-${count}`, `off-${count}`];
    const what = `one API key, ${count} conversation${count > 1 ? 's' : ''} (HTTP sessions) closed-loop, execute of a 5-read script`;
    const baseline = (samples) => ({ label: 'same run, every fairness mechanism off', samples });
    return [
      row({
        id: `work-conserving.throughput-${count}`,
        benchmark: `work-conserving: ${count} conversation${count > 1 ? 's' : ''} of one key, throughput`,
        measures: `${what}; default fairness vs all off, rounds alternating (target ≥ 0.9×); refused (-32029): default ${refused[fair]}, off ${refused[off]}`,
        unit: 'rps',
        subject: rps[fair],
        baseline: baseline(rps[off]),
        paired: true,
      }),
      row({
        id: `work-conserving.latency-${count}`,
        benchmark: `work-conserving: ${count} conversation${count > 1 ? 's' : ''} of one key, latency`,
        measures: `per-execute round trip of the same load`,
        subject: latencies[fair],
        baseline: baseline(latencies[off]),
      }),
    ];
  });
}

module.exports = {
  title: 'Work-conserving fairness: one key alone, default fairness vs all off',
  async run(ctx) {
    const servers = await startServers();
    try {
      const open = {};
      for (const count of CONVERSATIONS) {
        for (const [name, server] of Object.entries(servers)) {
          open[`${name}-${count}`] = await sessionsTarget(server.port, count);
        }
      }
      const results = await loadRounds(ctx, open, {
        rounds: ctx.quick ? 2 : 4,
        durationMs: ctx.quick ? 1_500 : 3_000,
        // Both servers' first scripts (JIT, the type checker's first checks) would land in round 1 only.
        warmupMs: ctx.quick ? 1_000 : 3_000,
        timed: (name, durationMs) => runLoad(open[name], durationMs),
      });
      return rowsOf(results);
    } finally {
      await Promise.all(Object.values(servers).map((server) => server.close()));
    }
  },
};
