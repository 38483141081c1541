/**
 * Code Mode's point, over real Streamable HTTP with the official SDK client against the real app
 * (example plugins, in-memory SQLite): one `execute` chaining ten operations and returning a small
 * answer, against ten `tools/call` round trips each running one operation (what a client without
 * chaining does), interleaved pair by pair. Also what reaches the model: the bytes of the answers
 * and of `tools/list`.
 */
const { startAppServer } = require('../lib/app-server');
const { load } = require('../lib/dist');
const { callText, connectHttpClient } = require('../lib/mcp-client');
const { row } = require('../lib/report');
const { interleave } = require('../lib/timing');

const { OperationRegistry } = load('libs/registry/src');

const bytes = (text) => Buffer.byteLength(text, 'utf8');
/** A common rough rule for English and JSON with the usual BPE tokenizers; an approximation. */
const approxTokens = (n) => Math.round(n / 4);

/** The ten calls, as `myko.<kind>(id, args)` source; ids are resolved from the seeded data first. */
function tenCalls(ids) {
  return [
    ['products', `myko.query('ListProducts', { limit: 5 })`],
    ['categories', `myko.query('ListCategories')`],
    ['warehouses', `myko.query('ListWarehouses')`],
    ['customers', `myko.query('ListCustomers', { limit: 5 })`],
    ['orders', `myko.query('ListOrders', { limit: 5 })`],
    ['order', `myko.view('OrderSummary', { orderId: ${ids.orderId} })`],
    ['customer', `myko.view('Customer360', { customerId: ${ids.customerId} })`],
    ['availability', `myko.view('ProductAvailability', { productId: ${ids.productId} })`],
    ['lowStock', `myko.report('LowStock', { limit: 5 })`],
    ['topProducts', `myko.report('TopProducts', { limit: 5 })`],
  ];
}

/** One script: the ten calls in sequence, then a small computed answer. */
function chainScript(calls) {
  const body = calls.map(([name, call]) => `const ${name} = await ${call};`).join('\n');
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

/** A rough `tools/list` of one tool per visible operation, from the registry's real schemas. */
function oneToolPerOperation(registry) {
  const tools = registry.list().map((op) => ({
    name: op.name,
    description: op.description,
    inputSchema: op.inputSchema,
    ...(op.outputSchema ? { outputSchema: op.outputSchema } : {}),
    annotations: { readOnlyHint: op.readOnly, idempotentHint: op.idempotent, destructiveHint: op.destructive },
  }));
  return JSON.stringify({ tools });
}

module.exports = {
  title: 'execute chaining over HTTP',
  async run(ctx) {
    const server = await startAppServer();
    const client = await connectHttpClient(server.httpUrl);
    try {
      const calls = tenCalls(await resolveIds(client));
      const chain = chainScript(calls);
      const oneByOne = calls.map(([, call]) => `return await ${call};`);
      const answer = JSON.parse(await callText(client, 'execute', { code: chain }));
      if (Object.keys(answer).length !== calls.length) throw new Error(`incomplete answer ${JSON.stringify(answer)}`);
      const answers = { chain: 0, separate: 0 };
      const runChain = async () => {
        answers.chain = bytes(await callText(client, 'execute', { code: chain }));
      };
      const runSeparate = async () => {
        let total = 0;
        for (const code of oneByOne) total += bytes(await callText(client, 'execute', { code }));
        answers.separate = total;
      };
      ctx.log('one chained execute vs ten tools/call round trips, interleaved');
      const samples = await interleave({ chain: runChain, separate: runSeparate }, { iterations: ctx.iterations(100) });
      const ping = await interleave({ ping: () => client.ping() }, { iterations: ctx.iterations(500), block: 100 });
      const toolsList = bytes(JSON.stringify(await client.listTools()));
      const direct = bytes(oneToolPerOperation(server.app.get(OperationRegistry)));
      const operations = server.app.get(OperationRegistry).size;
      return [
        row({
          id: 'http.chain-vs-round-trips',
          benchmark: 'HTTP: 10 ops chained',
          measures:
            'one tools/call execute chaining 10 operations (example plugins), vs 10 tools/call execute round trips of one operation each',
          subject: samples.chain,
          baseline: { label: '10 round trips', samples: samples.separate },
        }),
        row({
          id: 'http.chain-answer-bytes',
          benchmark: 'HTTP: 10 ops, answer size',
          measures: 'text returned to the model: the chained answer, vs the ten results of the round trips',
          unit: 'bytes',
          subject: answers.chain,
          baseline: { label: '10 round trips', samples: answers.separate },
          note: `≈${approxTokens(answers.chain)} vs ≈${approxTokens(answers.separate)} tokens at 4 bytes/token`,
        }),
        row({
          id: 'http.tools-list-bytes',
          benchmark: 'HTTP: tools/list, Code Mode',
          measures: `tools/list result (search + execute), vs one tool per operation for the ${operations} example operations`,
          unit: 'bytes',
          subject: toolsList,
          baseline: { label: 'one tool per op (est.)', samples: direct },
          note: `≈${approxTokens(toolsList)} tokens at 4 bytes/token; the baseline is built from the registry's schemas until direct mode exists`,
        }),
        row({
          id: 'http.ping',
          benchmark: 'HTTP: one round trip',
          measures: 'SDK client ping over Streamable HTTP: the floor of any round trip',
          subject: ping.ping,
        }),
      ];
    } finally {
      await client.close();
      await server.close();
    }
  },
};
