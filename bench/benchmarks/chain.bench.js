/**
 * Code Mode's point, against the real app (example plugins, in-memory SQLite, `both` tool modes) with
 * the official SDK client over Streamable HTTP and over WebSocket: one `execute` chaining ten
 * operations and returning a small answer, against the ten operations called as ten direct tools
 * (`tools/call query_ListProducts`, …: one round trip each, what a client of one-tool-per-operation
 * servers does), and over HTTP also against ten `execute` round trips of one operation each.
 * Interleaved pair by pair. Also what reaches the model: the text of the answers.
 */
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { WebSocketClientTransport } = require('@modelcontextprotocol/sdk/client/websocket.js');
const { WebSocket } = require('ws');
const { startAppServer } = require('../lib/app-server');
const { startDelayProxy } = require('../lib/delay-proxy');
const { callText, connectHttpClient } = require('../lib/mcp-client');
const { row } = require('../lib/report');
const { interleave } = require('../lib/timing');

const bytes = (text) => Buffer.byteLength(text, 'utf8');
/** The round trip of the "network link" rows: a client and a server in nearby regions. */
const LINK_RTT_MS = 20;
/** A common rough rule for English and JSON with the usual BPE tokenizers; an approximation. */
const approxTokens = (n) => Math.round(n / 4);

/** The ten calls: [result name, kind, id, args]; ids are resolved from the seeded data first. */
function tenCalls(ids) {
  return [
    ['products', 'query', 'ListProducts', { limit: 5 }],
    ['categories', 'query', 'ListCategories', {}],
    ['warehouses', 'query', 'ListWarehouses', {}],
    ['customers', 'query', 'ListCustomers', { limit: 5 }],
    ['orders', 'query', 'ListOrders', { limit: 5 }],
    ['order', 'view', 'OrderSummary', { orderId: ids.orderId }],
    ['customer', 'view', 'Customer360', { customerId: ids.customerId }],
    ['availability', 'view', 'ProductAvailability', { productId: ids.productId }],
    ['lowStock', 'report', 'LowStock', { limit: 5 }],
    ['topProducts', 'report', 'TopProducts', { limit: 5 }],
  ];
}

const source = ([, kind, id, args]) => `myko.${kind}('${id}', ${JSON.stringify(args)})`;

/** One script: the ten calls in sequence, then a small computed answer. */
function chainScript(calls) {
  const body = calls.map((call) => `const ${call[0]} = await ${source(call)};`).join('\n');
  const answer = [
    'products: products.total',
    'categories: categories.length',
    'warehouses: warehouses.length',
    'customers: customers.total',
    'orders: orders.total',
    'orderTotalCents: order.totalCents',
    'customerRecentOrders: customer.recentOrders.length',
    'availableUnits: availability.totalAvailable',
    'lowStock: lowStock.length',
    'topProduct: topProducts[0]?.name ?? null',
  ];
  return `${body}\nreturn { ${answer.join(', ')} };`;
}

async function resolveIds(client) {
  const text = await callText(client, 'execute', {
    code: `const o = await myko.query('ListOrders', { limit: 1 });
const c = await myko.query('ListCustomers', { limit: 1 });
const p = await myko.query('ListProducts', { limit: 1 });
return { orderId: o.items[0].id, customerId: c.items[0].id, productId: p.items[0].id };`,
  });
  return JSON.parse(text);
}

async function connectWsClient(url) {
  globalThis.WebSocket ??= WebSocket;
  const client = new Client({ name: 'myko-bench', version: '1.0.0' });
  await client.connect(new WebSocketClientTransport(url));
  return client;
}

/** The three ways to get the ten results on one client; each records the text bytes the model gets. */
function strategies(client, calls) {
  const chain = chainScript(calls);
  const answers = { chain: 0, direct: 0, execute: 0 };
  return {
    answers,
    chain: async () => {
      answers.chain = bytes(await callText(client, 'execute', { code: chain }));
    },
    direct: async () => {
      let total = 0;
      for (const [, kind, id, args] of calls) total += bytes(await callText(client, `${kind}_${id}`, args));
      answers.direct = total;
    },
    execute: async () => {
      let total = 0;
      for (const call of calls)
        total += bytes(await callText(client, 'execute', { code: `return await ${source(call)};` }));
      answers.execute = total;
    },
  };
}

/**
 * The same comparison through a delaying proxy: on loopback a round trip costs well under a
 * millisecond, so the ten it saves weigh little; over a real link each one costs the link's RTT.
 */
async function overLink(ctx, server, calls) {
  const proxy = await startDelayProxy(Number(server.httpUrl.port), LINK_RTT_MS);
  const http = await connectHttpClient(new URL(`http://127.0.0.1:${proxy.port}/mcp`));
  const ws = await connectWsClient(new URL(`ws://127.0.0.1:${proxy.port}/mcp`));
  try {
    const iterations = ctx.iterations(12);
    ctx.log(`over a ${LINK_RTT_MS} ms RTT link: one chained execute vs ten direct tools/call, HTTP then WebSocket`);
    const overHttp = strategies(http, calls);
    const overWs = strategies(ws, calls);
    const h = await interleave({ chain: overHttp.chain, direct: overHttp.direct }, { iterations });
    const w = await interleave({ chain: overWs.chain, direct: overWs.direct }, { iterations });
    const measures = (via) =>
      `one execute chaining 10 operations, vs 10 direct tools/call round trips, over ${via} through a proxy adding a ${LINK_RTT_MS} ms round trip`;
    return [
      row({
        id: 'chain.http-link',
        benchmark: `HTTP, ${LINK_RTT_MS} ms link: chained vs direct`,
        measures: measures('Streamable HTTP'),
        subject: h.chain,
        baseline: { label: '10 direct calls', samples: h.direct },
      }),
      row({
        id: 'chain.ws-link',
        benchmark: `WS, ${LINK_RTT_MS} ms link: chained vs direct`,
        measures: measures('WebSocket'),
        subject: w.chain,
        baseline: { label: '10 direct calls', samples: w.direct },
      }),
    ];
  } finally {
    await ws.close();
    await http.close();
    await proxy.close();
  }
}

module.exports = {
  title: 'execute chaining vs round trips over HTTP and WebSocket',
  async run(ctx) {
    const server = await startAppServer({ toolMode: 'both' });
    const http = await connectHttpClient(server.httpUrl);
    const ws = await connectWsClient(server.wsUrl);
    try {
      const calls = tenCalls(await resolveIds(http));
      const answer = JSON.parse(await callText(http, 'execute', { code: chainScript(calls) }));
      if (Object.keys(answer).length !== calls.length) throw new Error(`incomplete answer ${JSON.stringify(answer)}`);
      const overHttp = strategies(http, calls);
      const overWs = strategies(ws, calls);
      const iterations = ctx.iterations(60);
      ctx.log('HTTP: one chained execute vs ten direct tools/call vs ten execute round trips, interleaved');
      const h = await interleave(
        { chain: overHttp.chain, direct: overHttp.direct, execute: overHttp.execute },
        { iterations },
      );
      ctx.log('WebSocket: one chained execute vs ten direct tools/call, interleaved');
      const w = await interleave({ chain: overWs.chain, direct: overWs.direct }, { iterations });
      const pings = await interleave(
        { http: () => http.ping(), ws: () => ws.ping() },
        { iterations: ctx.iterations(300), block: 50 },
      );
      const chained = 'one tools/call execute chaining 10 operations (example plugins)';
      const linkRows = await overLink(ctx, server, calls);
      return [
        row({
          id: 'chain.http-vs-direct',
          benchmark: 'HTTP: 10 ops chained vs direct',
          measures: `${chained}, vs the 10 operations as 10 direct tools/call round trips`,
          subject: h.chain,
          baseline: { label: '10 direct calls', samples: h.direct },
        }),
        row({
          id: 'chain.http-vs-execute',
          benchmark: 'HTTP: 10 ops chained vs execute',
          measures: `${chained}, vs 10 tools/call execute round trips of one operation each`,
          subject: h.chain,
          baseline: { label: '10 execute calls', samples: h.execute },
        }),
        row({
          id: 'chain.ws-vs-direct',
          benchmark: 'WS: 10 ops chained vs direct',
          measures: `${chained}, vs the 10 operations as 10 direct tools/call round trips, over WebSocket`,
          subject: w.chain,
          baseline: { label: '10 direct calls', samples: w.direct },
        }),
        ...linkRows,
        row({
          id: 'chain.answer-bytes',
          benchmark: '10 ops: answer size',
          measures: 'text returned to the model: the chained answer, vs the text of the ten direct results',
          unit: 'bytes',
          subject: overHttp.answers.chain,
          baseline: { label: '10 direct calls', samples: overHttp.answers.direct },
          note: `≈${approxTokens(overHttp.answers.chain)} vs ≈${approxTokens(overHttp.answers.direct)} tokens at 4 bytes/token`,
        }),
        row({
          id: 'chain.ping',
          benchmark: 'one round trip',
          measures: 'SDK client ping over Streamable HTTP, vs over WebSocket: the floor of any round trip',
          subject: pings.http,
          baseline: { label: 'WebSocket ping', samples: pings.ws },
        }),
      ];
    } finally {
      await ws.close();
      await http.close();
      await server.close();
    }
  },
};
