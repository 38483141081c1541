/**
 * What a query's size costs `search` (issue 24, finding 15: one 100,000-letter word took over a minute
 * of main-thread CPU). OperationSearchService.search over 10,000 generated operations, for queries of
 * 10 to 100,000 characters in two shapes, one long word and many words, each sample a string never
 * seen before (no cache answers it). The service is measured past the tool's 10,000-character bound
 * (`myko.search` and the tool refuse longer queries), so the 100,000 rows show the work itself. Sizes
 * are sampled round-robin, so every size sees the same background load; each row's baseline is the
 * size ten times smaller, so its ratio is the growth per 10× size (linear: ≤ 10×). One more row: the
 * whole tools/call of a 100,000-character query, refused, against one of 10 characters.
 */
const { load, loadFixture } = require('../lib/dist');
const { createDispatchContext } = require('../lib/dispatch-context');
const { row } = require('../lib/report');
const { interleave, now } = require('../lib/timing');

const { syntheticOperations } = loadFixture('synthetic');
const { SEARCH_MAX_QUERY_LENGTH } = load('libs/dispatch/src/dispatch.constants');

const OPERATIONS = 10_000;
const SIZES = [10, 100, 1_000, 10_000, 100_000];
/** The target for the largest size. */
const TARGET_MS = 50;

/** Letters from a seeded generator. */
function letters(seed, length) {
  let state = seed >>> 0 || 1;
  const out = new Array(length);
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    out[i] = String.fromCharCode(97 + ((state >>> 16) % 26));
  }
  return out.join('');
}

/** Words of 4–9 letters separated by spaces, `length` characters in all. */
function words(seed, length) {
  const text = letters(seed, length).split('');
  for (let i = 5; i < length; i += 4 + (i % 6)) text[i] = ' ';
  return text.join('');
}

const SHAPES = [
  ['one word', 'one word of N letters', letters],
  ['many words', 'N characters of words of 4–9 letters', words],
];

module.exports = {
  title: 'search cost by query size',
  async run(ctx) {
    ctx.log(`registering ${OPERATIONS.toLocaleString('en-US')} synthetic operations`);
    const app = await createDispatchContext({ operations: syntheticOperations(OPERATIONS) });
    try {
      const filters = app.client.filters;
      app.search.getIndex();
      const rows = [];
      for (const [shape, what, make] of SHAPES) {
        ctx.log(`${shape}: ${SIZES.join(', ')} characters`);
        const samples = sampleSizes(ctx.iterations(40), make, (query) =>
          app.search.search({ query, limit: 20, detail: 'summary' }, filters),
        );
        rows.push(...sizeRows(shape, what, samples));
      }
      rows.push(await refusalRow(ctx, app));
      return rows;
    } finally {
      await app.close();
    }
  },
};

/** Per size, `iterations` timings of `search` on fresh queries, the sizes taking turns. */
function sampleSizes(iterations, make, search) {
  const samples = SIZES.map(() => []);
  let seed = 1;
  for (let i = 0; i < 3; i++) for (const size of SIZES) search(make(seed++, size));
  for (let i = 0; i < iterations; i++) {
    SIZES.forEach((size, s) => {
      const query = make(seed++, size);
      const start = now();
      search(query);
      samples[s].push(now() - start);
    });
  }
  return samples;
}

function sizeRows(shape, what, samples) {
  return SIZES.map((size, s) => {
    const largest = s === SIZES.length - 1;
    const median = [...samples[s]].sort((a, b) => a - b)[Math.floor(samples[s].length / 2)];
    return row({
      id: `search-cost.${shape.replace(/ /g, '-')}-${size}`,
      benchmark: `search cost: ${shape}, ${size.toLocaleString('en-US')} chars`,
      measures: `OperationSearchService.search per call over 10k operations, ${what.replace('N', size.toLocaleString('en-US'))}, each a new string; ratio: growth per 10× size`,
      subject: samples[s],
      baseline:
        s === 0 ? undefined : { label: `${SIZES[s - 1].toLocaleString('en-US')} chars`, samples: samples[s - 1] },
      note: largest ? `target ≤ ${TARGET_MS} ms: ${median <= TARGET_MS ? 'met' : 'missed'}` : undefined,
    });
  });
}

/** The whole tools/call of a query past the tool's bound (refused, naming it) against one of 10 characters. */
async function refusalRow(ctx, app) {
  // Queries made before timing: building a 100,000-letter string costs more than refusing it.
  const pool = (size) => Array.from({ length: 32 }, (_, i) => letters(i + 1, size));
  const queries = { 100000: pool(100_000), 10: pool(10) };
  let turn = 0;
  const call = async (size) => {
    const query = queries[size][turn++ % 32];
    const result = await app.request('tools/call', { name: 'search', arguments: { query } });
    if (size > SEARCH_MAX_QUERY_LENGTH !== (result.isError === true)) throw new Error(`unexpected answer at ${size}`);
  };
  const samples = await interleave(
    { subject: () => call(100_000), baseline: () => call(10) },
    { iterations: ctx.iterations(200), block: 10, settle: 1 },
  );
  return row({
    id: 'search-cost.tools-call-refused',
    benchmark: 'search cost: tools/call, 100,000 chars',
    measures: `DispatchService.handle of tools/call search with a 100,000-letter query: refused (over ${SEARCH_MAX_QUERY_LENGTH.toLocaleString('en-US')} characters), vs a 10-letter query answered`,
    subject: samples.subject,
    baseline: { label: 'tools/call, 10 chars', samples: samples.baseline },
  });
}
