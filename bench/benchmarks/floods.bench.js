/**
 * Honest latency under floods (issue 24, findings 12 and 13), against the real service over WebSocket: an
 * honest client's `search`, one at a time, quiet and then while another client floods the main thread:
 * - watches: 1,536 live queries watched (24 sessions × 64), each a page of 73–200 orders, and a command
 *   every 250 ms that writes what they all read (a customer), so each write recomputes all 1,536;
 * - bridge: 3 sessions looping `execute` scripts that each await a 200-call `Promise.all`.
 * Each client kind holds its own API key (the honest one, the watcher, the flooder), as separate agents
 * would: the server's per-identity budgets can only tell apart what arrives under different identities.
 * Each row is the honest `search` during the flood against the same run's quiet figure (target: p99 ≤ 3×).
 */
const { authHeaders, writeKeysConfig } = require('../lib/bench-keys');
const { openWsConnection } = require('../lib/load');
const { row } = require('../lib/report');
const { startServerProcess } = require('../lib/server-process');

const WATCH_SESSIONS = 24;
const WATCHES_PER_SESSION = 64;
const WRITE_EVERY_MS = 250;
const FLOODERS = 3;
const CLIENTS = ['honest', 'watcher', 'flooder'];
const FLOOD_CALLS = 200;
const SEARCH = { name: 'search', arguments: { query: 'customer orders' } };
const FLOOD_CODE = `return (await Promise.all(Array.from({ length: ${FLOOD_CALLS} }, (_, i) => myko.query('GetCustomers', { ids: [1 + (i % 50)] })))).length;`;

function rpc(connection, method, params) {
  connection.id = (connection.id ?? 0) + 1;
  return connection.request(JSON.stringify({ jsonrpc: '2.0', id: connection.id, method, params }));
}

/** `count` honest searches one after the other; each one's round trip in ms. */
async function honestSearches(connection, count) {
  const samples = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const text = await rpc(connection, 'tools/call', SEARCH);
    if (!text.includes('"result"')) throw new Error(`search failed: ${text.slice(0, 200)}`);
    samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return samples;
}

/** Opens the 1,536 watches; resolves a stop function of the write loop. */
async function watchFlood(port) {
  const sessions = [];
  for (let s = 0; s < WATCH_SESSIONS; s++) {
    const connection = await openWsConnection(port, authHeaders('watcher'));
    // Updates arrive as notifications between answers: only answers (with an id) settle a request.
    connection.socket.removeAllListeners('message');
    let pending;
    connection.socket.on('message', (data) => {
      const text = data.toString();
      if (!text.includes('"id"')) return;
      const settle = pending;
      pending = undefined;
      settle?.(text);
    });
    connection.request = (text) =>
      new Promise((resolve) => {
        pending = resolve;
        connection.socket.send(text);
      });
    for (let w = 0; w < WATCHES_PER_SESSION; w++) {
      // 1,536 distinct pages (12 offsets × 128 limits) of orders: each recomputation reads and compares
      // 73–200 rows, as a dashboard's watch would (an empty match would cost nothing to recompute).
      const n = s * WATCHES_PER_SESSION + w;
      const args = { limit: 73 + (n % 128), offset: Math.floor(n / 128) };
      const uri = `myko://live/query/ListOrders?args=${encodeURIComponent(JSON.stringify(args))}`;
      const text = await rpc(connection, 'resources/subscribe', { uri });
      if (!text.includes('"result"')) throw new Error(`subscribe failed: ${text.slice(0, 200)}`);
    }
    sessions.push(connection);
  }
  const writer = sessions[0];
  let stopped = false;
  const loop = (async () => {
    for (let n = 0; !stopped; n++) {
      const code = `return (await myko.command('UpdateCustomer', { customerId: 1, city: 'City ${n}' })).id;`;
      const text = await rpc(writer, 'tools/call', { name: 'execute', arguments: { code } });
      // A failed write recomputes nothing: the row would measure no flood at all.
      if (!text.includes('"text":"1"')) throw new Error(`write failed: ${text.slice(0, 300)}`);
      await new Promise((resolve) => setTimeout(resolve, WRITE_EVERY_MS));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    for (const connection of sessions) connection.close();
  };
}

/** Three sessions looping 200-call floods; resolves a stop function. */
async function bridgeFlood(port) {
  const connections = await Promise.all(
    Array.from({ length: FLOODERS }, () => openWsConnection(port, authHeaders('flooder'))),
  );
  let stopped = false;
  const loops = connections.map(async (connection) => {
    while (!stopped) await rpc(connection, 'tools/call', { name: 'execute', arguments: { code: FLOOD_CODE } });
  });
  return async () => {
    stopped = true;
    await Promise.all(loops);
    for (const connection of connections) connection.close();
  };
}

async function duringFlood(ctx, port, honest, start) {
  const count = ctx.iterations(200);
  const quiet = await honestSearches(honest, count);
  const stop = await start(port);
  await new Promise((resolve) => setTimeout(resolve, 500));
  try {
    return { quiet, during: await honestSearches(honest, count) };
  } finally {
    await stop();
  }
}

const p99 = (samples) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length * 0.99)];

function floodRow(id, benchmark, measures, { quiet, during }) {
  const ratio = (p99(during) / p99(quiet)).toFixed(2);
  return row({
    id,
    benchmark,
    measures: `${measures}; p99 ${p99(during).toFixed(1)} ms vs ${p99(quiet).toFixed(1)} ms quiet (${ratio}×, target ≤ 3×)`,
    subject: during,
    baseline: { label: 'the same search, quiet', samples: quiet },
  });
}

module.exports = {
  title: 'Honest latency under floods (1,536 live order-page watches + writes; 3 × 200-call execute floods)',
  async run(ctx) {
    const configPath = writeKeysConfig(CLIENTS);
    const server = await startServerProcess('myko', { toolMode: 'code', configPath });
    try {
      const honest = await openWsConnection(server.port, authHeaders('honest'));
      ctx.log('flood 1: 1,536 live watches and a write every 250 ms');
      const watches = await duringFlood(ctx, server.port, honest, watchFlood);
      ctx.log('flood 2: 3 sessions × 200-call Promise.all');
      const bridge = await duringFlood(ctx, server.port, honest, bridgeFlood);
      honest.close();
      return [
        floodRow(
          'floods.watches',
          'floods: 1,536 order-page watches + writes',
          'honest search during the recomputations',
          watches,
        ),
        floodRow('floods.bridge', 'floods: 3 × 200-call execute', 'honest search during three execute floods', bridge),
      ];
    } finally {
      await server.close();
    }
  },
};
