/**
 * `search` over 10,000 generated operations: per-call server time of OperationSearchService.search for
 * a mix of queries, against a naive linear scan (every query word a lowercase substring of id +
 * description, the Rust system's method) over the same operations in the same run, sampled
 * interleaved. Also the one-time index build and the whole `tools/call` through DispatchService.
 */
const { load } = require('../lib/dist');
const { createDispatchContext } = require('../lib/dispatch-context');
const { row } = require('../lib/report');
const { interleave, interleaveBlocks, timeSync } = require('../lib/timing');

const { OperationSearchService } = load('libs/dispatch/src');
const { syntheticOperations } = load('plugins/synthetic');

const OPERATIONS = 10_000;
const PAGE = 20;

/** [case, what, search arguments]: one row each; together they are the mix. */
const QUERIES = [
  ['exact id', 'an exact operation id', { query: 'ListBillingInvoices' }],
  ['one common word', 'one word found in many operations', { query: 'status' }],
  ['two words', 'two words, both must match', { query: 'customer totals' }],
  ['three common words', 'three words each in 40–60% of operations', { query: 'status id the' }],
  ['short prefix', 'a two-letter prefix of 278 tokens (64% of operations)', { query: 'in' }],
  ['kind filter', 'one word and kind: report', { query: 'shipment', kind: 'report' }],
  ['empty query', 'no words: the first page of everything', {}],
  ['detail full', "two words, detail: 'full' (declarations + schemas)", { query: 'crm lead', detail: 'full' }],
];

const request = (args) => ({ limit: PAGE, detail: 'summary', ...args });

/** The baseline: no index, a scan over precomputed lowercase `id description` strings, no ranking. */
function naiveSearch(operations, filters) {
  const haystacks = operations.map((op) => `${op.id} ${op.description}`.toLowerCase());
  return ({ query, kind, detail, limit }) => {
    const words = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const matches = [];
    for (let i = 0; i < operations.length; i++) {
      const op = operations[i];
      if (kind && op.kind !== kind) continue;
      if (!filters.isVisible(op.name)) continue;
      if (words.every((word) => haystacks[i].includes(word))) matches.push(op);
    }
    const page = matches
      .slice(0, limit)
      .map(({ id, kind, description, args, outputType, inputSchema }) =>
        detail === 'full'
          ? { id, kind, description, args, outputType, inputSchema }
          : { id, kind, description, args, outputType },
      );
    return { operations: page, total: matches.length };
  };
}

module.exports = {
  title: 'search over 10,000 operations',
  async run(ctx) {
    ctx.log(`registering ${OPERATIONS.toLocaleString('en-US')} synthetic operations`);
    const app = await createDispatchContext({ operations: syntheticOperations(OPERATIONS) });
    try {
      const operations = app.registry.list();
      const filters = app.client.filters;
      const rows = [buildRow(app.registry, operations)];
      const naive = naiveSearch(operations, filters);
      const mix = { subject: [], baseline: [] };
      for (const [name, what, args] of QUERIES) {
        const parsed = request(args);
        const totals = `${app.search.search(parsed, filters).total} matches; naive ${naive(parsed).total}`;
        const samples = interleaveBlocks(
          { subject: () => app.search.search(parsed, filters), baseline: () => naive(parsed) },
          { iterations: ctx.iterations(400) },
        );
        mix.subject.push(...samples.subject);
        mix.baseline.push(...samples.baseline);
        rows.push(searchRow(`search.${name.replace(/ /g, '-')}`, `search 10k: ${name}`, what, samples, totals));
      }
      rows.splice(1, 0, searchRow('search.mix', 'search 10k: mix', 'all cases below, pooled', mix));
      ctx.log('tools/call search through DispatchService.handle');
      rows.push(await dispatchRow(ctx, app, naive));
      return rows;
    } finally {
      await app.close();
    }
  },
};

function buildRow(registry, operations) {
  const build = [];
  const naive = [];
  for (let i = 0; i < 5; i++) {
    build.push(timeSync(() => new OperationSearchService(registry).getIndex()));
    naive.push(timeSync(() => operations.map((op) => `${op.id} ${op.description}`.toLowerCase())));
  }
  return row({
    id: 'search.index-build',
    benchmark: 'search 10k: index build',
    measures: 'one-time build of the search index (5 builds)',
    subject: build,
    baseline: { label: 'naive: lowercase id+description', samples: naive },
  });
}

function searchRow(id, benchmark, what, samples, note) {
  return row({
    id,
    benchmark,
    measures: `OperationSearchService.search per call, ${what}`,
    subject: samples.subject,
    baseline: { label: 'naive substring scan', samples: samples.baseline },
    note,
  });
}

async function dispatchRow(ctx, app, naive) {
  const args = { query: 'status' };
  const samples = await interleave(
    { subject: () => app.callTool('search', args), baseline: () => naive(request(args)) },
    { iterations: ctx.iterations(300), block: 50, settle: 3 },
  );
  return row({
    id: 'search.tools-call',
    benchmark: 'search 10k: tools/call in-process',
    measures: 'DispatchService.handle of tools/call search (one common word): parsing, search, JSON text',
    subject: samples.subject,
    baseline: { label: 'naive substring scan', samples: samples.baseline },
  });
}
