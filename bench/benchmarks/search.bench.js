/**
 * `search` over 10,000 generated operations: per-call server time of OperationSearchService.search (BM25F
 * ranking) for a mix of queries, against today's matcher before it (`lib/prefix-matcher`: every word a
 * prefix of a token, scored by where it hit) over the same operations in the same run, sampled
 * interleaved. Also the one-time index build, the whole `tools/call` through DispatchService, and the
 * bytes of a page: the default answer's text block, and a 20-result `detail: 'full'` page.
 */
const { load, loadFixture } = require('../lib/dist');
const { createDispatchContext } = require('../lib/dispatch-context');
const { prefixMatcher } = require('../lib/prefix-matcher');
const { row } = require('../lib/report');
const { interleave, interleaveBlocks, timeSync } = require('../lib/timing');

const { OperationSearchService } = load('libs/dispatch/src');
const { syntheticOperations } = loadFixture('synthetic');

const OPERATIONS = 10_000;
const PAGE = 20;

/** [case, what, search arguments]: one row each; together they are the mix. */
const QUERIES = [
  ['exact id', 'an exact operation id', { query: 'ListBillingInvoices' }],
  ['one common word', 'one word found in many operations', { query: 'status' }],
  ['two words', 'two words', { query: 'customer totals' }],
  ['three common words', 'three words each in 40–60% of operations', { query: 'status id the' }],
  ['short prefix', 'a two-letter word', { query: 'in' }],
  ['kind filter', 'one word and kind: report', { query: 'shipment', kind: 'report' }],
  [
    'task sentence',
    'a task as an agent types it (six words, two stop words)',
    { query: 'list the open invoices of a customer' },
  ],
  ['misspelled word', 'a misspelled word next to a correct one (typo scan)', { query: 'shipmnet status' }],
  ['empty query', 'no words: the first page of everything', {}],
  ['detail full', "two words, detail: 'full' (declarations, types, schemas)", { query: 'crm lead', detail: 'full' }],
];

const request = (args) => ({ limit: PAGE, detail: 'summary', ...args });

module.exports = {
  title: 'search over 10,000 operations',
  async run(ctx) {
    ctx.log(`registering ${OPERATIONS.toLocaleString('en-US')} synthetic operations`);
    const app = await createDispatchContext({ operations: syntheticOperations(OPERATIONS) });
    try {
      const operations = app.registry.list();
      const filters = app.client.filters;
      const rows = [buildRow(app.registry)];
      const before = prefixMatcher(operations);
      const baseline = (parsed) => before.search(parsed, filters);
      const mix = { subject: [], baseline: [] };
      for (const [name, what, args] of QUERIES) {
        const parsed = request(args);
        const totals = `${app.search.search(parsed, filters).total} matches; before ${baseline(parsed).total}`;
        const samples = interleaveBlocks(
          { subject: () => app.search.search(parsed, filters), baseline: () => baseline(parsed) },
          { iterations: ctx.iterations(400) },
        );
        mix.subject.push(...samples.subject);
        mix.baseline.push(...samples.baseline);
        rows.push(searchRow(`search.${name.replace(/ /g, '-')}`, `search 10k: ${name}`, what, samples, totals));
      }
      rows.splice(1, 0, searchRow('search.mix', 'search 10k: mix', 'all cases below, pooled', mix));
      ctx.log('tools/call search through DispatchService.handle');
      rows.push(await dispatchRow(ctx, app, baseline));
      rows.push(...(await bytesRows(app, baseline)));
      return rows;
    } finally {
      await app.close();
    }
  },
};

function buildRow(registry) {
  const build = [];
  const before = [];
  for (let i = 0; i < 5; i++) {
    build.push(timeSync(() => new OperationSearchService(registry).getIndex()));
    before.push(timeSync(() => prefixMatcher(registry.list())));
  }
  return row({
    id: 'search.index-build',
    benchmark: 'search 10k: index build',
    measures: 'one-time build of the search index at boot (5 builds)',
    subject: build,
    baseline: { label: "today's prefix matcher", samples: before },
  });
}

/** Bytes of the text a model receives: the default answer (notation) and a 20-result `detail: 'full'` page (JSON). */
async function bytesRows(app, baseline) {
  const rows = [];
  for (const detail of ['summary', 'full']) {
    const args = detail === 'full' ? { query: 'status', limit: PAGE, detail } : { query: 'status' };
    const result = await app.callTool('search', args);
    const before = baseline(request({ query: 'status', detail }));
    rows.push(
      row({
        id: `search.bytes-${detail}`,
        benchmark: detail === 'full' ? 'search 10k: 20 results, full' : 'search 10k: default page',
        measures:
          detail === 'full'
            ? "bytes of the JSON text of a 20-result page (detail: 'full', with types)"
            : 'bytes of the text block of the default answer (one common word; see search-page rows)',
        unit: 'bytes',
        subject: Buffer.byteLength(result.content[0].text),
        baseline: { label: "today's prefix matcher, 20 results", samples: Buffer.byteLength(JSON.stringify(before)) },
        note: `${result.structuredContent.operations.length} and ${before.operations.length} results`,
      }),
    );
  }
  return rows;
}

function searchRow(id, benchmark, what, samples, note) {
  return row({
    id,
    benchmark,
    measures: `OperationSearchService.search per call, ${what}`,
    subject: samples.subject,
    baseline: { label: "today's prefix matcher", samples: samples.baseline },
    note,
  });
}

async function dispatchRow(ctx, app, baseline) {
  const args = { query: 'status' };
  const samples = await interleave(
    { subject: () => app.callTool('search', args), baseline: () => baseline(request(args)) },
    { iterations: ctx.iterations(300), block: 50, settle: 3 },
  );
  return row({
    id: 'search.tools-call',
    benchmark: 'search 10k: tools/call in-process',
    measures: 'DispatchService.handle of tools/call search (one common word): parsing, search, the text block',
    subject: samples.subject,
    baseline: { label: "today's prefix matcher (search only)", samples: samples.baseline },
  });
}
