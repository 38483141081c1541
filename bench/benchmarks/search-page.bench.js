/**
 * What a default `search` answer costs the model that reads it: bytes of the tool result's text block
 * (the notation: signatures where the ranking is confident, one line per other match) and of its
 * JSON form (`structuredContent`), median over an everyday query set, on the example plugins and over
 * 10,000 generated operations — against the answer before issue 25 (`lib/summary-answer`: 20 JSON
 * summary entries, every argument with its description, the output shape) for the same ranking.
 * Tokens ≈ bytes / 4.
 */
const { NestFactory } = require('@nestjs/core');
const { load, loadFixture } = require('../lib/dist');
const { createDispatchContext } = require('../lib/dispatch-context');
const { row } = require('../lib/report');
const { summaryAnswer } = require('../lib/summary-answer');
const { queries } = require('../../test/search-quality/queries.json');

const { RegistryModule } = load('libs/registry/src');
const { DispatchModule, DispatchService } = load('libs/dispatch/src');
const { ClientFilters } = load('libs/filter/src');
const { ExamplePluginsModule } = load('plugins');
const { syntheticOperations } = loadFixture('synthetic');

/** Tasks as agents phrase them (the first 15 of the quality suite), then single words. */
const TASKS = queries.slice(0, 15).map(({ query }) => query);
const WORDS = ['orders', 'customer', 'stock', 'products', 'revenue'];
/** The same mix in the vocabulary of the generated operations. */
const SYNTHETIC = [
  'list the open invoices of a customer',
  'customer totals by month',
  'archive an invoice',
  'create a support ticket',
  'monthly totals of sales orders',
  'update a crm lead',
  'shipment history',
  'fleet vehicle details',
  'refunds of the last month',
  'ListBillingInvoices',
  'invoices',
  'status',
  'shipment',
  'customer',
  'payroll',
];
const OPERATIONS = 10_000;

class ExamplesModule {}

module.exports = {
  title: 'search page bytes',
  async run(ctx) {
    ctx.log(`example plugins: ${TASKS.length} tasks and ${WORDS.length} words`);
    const examples = await NestFactory.createApplicationContext(
      {
        module: ExamplesModule,
        imports: [
          RegistryModule,
          DispatchModule.forRoot({}),
          ExamplePluginsModule.forRoot({ databasePath: ':memory:', seed: true }),
        ],
      },
      { logger: ['error', 'warn'] },
    );
    const rows = [];
    try {
      const pages = await measure(examples, [...TASKS, ...WORDS]);
      const tasks = pages.slice(0, TASKS.length);
      rows.push(
        bytesRow('examples', 'example plugins', `${pages.length} everyday queries`, pages, 'text'),
        bytesRow('examples-tasks', 'example plugins, tasks', `${tasks.length} task sentences`, tasks, 'text'),
        bytesRow(
          'examples-words',
          'example plugins, one word',
          `${WORDS.length} single words`,
          pages.slice(TASKS.length),
          'text',
        ),
        bytesRow('examples-json', 'example plugins, JSON', `${pages.length} everyday queries`, pages, 'json'),
      );
    } finally {
      await examples.close();
    }
    ctx.log(`registering ${OPERATIONS.toLocaleString('en-US')} synthetic operations`);
    const synthetic = await createDispatchContext({ operations: syntheticOperations(OPERATIONS) });
    try {
      const pages = await measure(synthetic.app, SYNTHETIC);
      rows.push(
        bytesRow('synthetic', '10k operations', `${pages.length} everyday queries`, pages, 'text'),
        bytesRow('synthetic-json', '10k operations, JSON', `${pages.length} everyday queries`, pages, 'json'),
      );
    } finally {
      await synthetic.close();
    }
    return rows;
  },
};

/** Per query: the bytes of today's text and JSON, and of the answer before for the same ranking. */
async function measure(app, list) {
  const before = summaryAnswer(app.get(load('libs/registry/src').OperationRegistry).list());
  const dispatch = app.get(DispatchService);
  const client = { transport: 'internal', sessionId: 'bench', filters: ClientFilters.ALLOW_ALL };
  let id = 1;
  const call = async (args) => {
    const message = { jsonrpc: '2.0', id: id++, method: 'tools/call', params: { name: 'search', arguments: args } };
    const { result } = await dispatch.handle(message, client);
    return result;
  };
  const pages = [];
  for (const query of list) {
    const answer = await call({ query });
    const full = await call({ query, limit: 20, detail: 'full' });
    pages.push({
      query,
      text: Buffer.byteLength(answer.content[0].text),
      json: Buffer.byteLength(JSON.stringify(answer.structuredContent)),
      before: Buffer.byteLength(before(full.structuredContent)),
      shown: answer.structuredContent.operations.length,
    });
  }
  return pages;
}

function bytesRow(id, where, what, pages, form) {
  const largest = pages.reduce((a, b) => (b[form] > a[form] ? b : a));
  const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
  return row({
    id: `search-page.${id}`,
    benchmark: `search page: ${where}`,
    measures: `bytes of the ${form === 'text' ? 'text block (what the model reads)' : 'structuredContent JSON'} of a default search answer, median over ${what}`,
    unit: 'bytes',
    subject: pages.map((page) => page[form]),
    baseline: { label: 'before: 20 JSON summary entries', samples: pages.map((page) => page.before) },
    note: `largest: "${largest.query}" ${largest[form]} B; entries shown: median ${median(pages.map((p) => p.shown))}`,
  });
}
