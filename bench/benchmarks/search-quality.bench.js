/**
 * Search quality over the example domain: the natural-language tasks of test/search-quality/queries.json
 * (the same set `npm test` holds to a floor) through OperationSearchService.search, against today's
 * prefix matcher before it over the same operations. Figures, not times, over the entries the default
 * answer shows on its first page (limit 10; entries under the relevance floor count as missed): recall@5
 * (the share of each query's expected operations in its first 5 results, averaged), MRR@10 (1 / rank of the first expected
 * operation within 10, averaged) and the share of queries answered with nothing. The `without keywords` rows
 * rank the same operations with their plugin `keywords` removed: how much of the quality the keywords written
 * for the example operations carry (they and the queries were written by the same hand).
 */
const { NestFactory } = require('@nestjs/core');
const { load } = require('../lib/dist');
const { prefixMatcher } = require('../lib/prefix-matcher');
const { row } = require('../lib/report');
const { queries } = require('../../test/search-quality/queries.json');

const { OperationRegistry, RegistryModule } = load('libs/registry/src');
const { OperationSearchService } = load('libs/dispatch/src');
const { ClientFilters } = load('libs/filter/src');
const { ExamplePluginsModule } = load('plugins');

class QualityModule {}

/** recall@5, MRR@10 and the empty share of one search function over every query. */
function figures(search) {
  let recall = 0;
  let reciprocal = 0;
  let empty = 0;
  for (const { query, expected } of queries) {
    const result = search({ query, limit: 10, detail: 'summary' }, ClientFilters.ALLOW_ALL);
    const names = result.operations.map((op) => `${op.kind}_${op.id}`);
    if (names.length === 0) empty++;
    recall += expected.filter((name) => names.slice(0, 5).includes(name)).length / expected.length;
    const first = names.findIndex((name) => expected.includes(name));
    if (first >= 0) reciprocal += 1 / (first + 1);
  }
  return { recall: recall / queries.length, mrr: reciprocal / queries.length, empty: empty / queries.length };
}

module.exports = {
  title: 'search quality over the example domain',
  async run(ctx) {
    ctx.log(`${queries.length} queries`);
    const app = await NestFactory.createApplicationContext(
      {
        module: QualityModule,
        imports: [RegistryModule, ExamplePluginsModule.forRoot({ databasePath: ':memory:', seed: true })],
        providers: [OperationSearchService],
      },
      { logger: ['error', 'warn'] },
    );
    try {
      const operations = app.get(OperationRegistry).list();
      const now = figures((request, filters) => app.get(OperationSearchService).search(request, filters));
      const before = prefixMatcher(operations);
      const then = figures((request, filters) => before.search(request, filters));
      const bare = operations.map(({ keywords: _keywords, ...op }) => op);
      const withoutKeywords = new OperationSearchService({ list: () => bare, onSealed() {} });
      const plain = figures((request, filters) => withoutKeywords.search(request, filters));
      const baseline = (value) => ({ label: "today's prefix matcher", samples: value });
      const note = `${queries.length} queries`;
      const metrics = [
        ['recall5', 'recall@5', 'share of expected operations in the first 5 results (higher is better)', 'recall'],
        ['mrr10', 'MRR@10', '1 / rank of the first expected operation within 10 (higher is better)', 'mrr'],
        ['empty', 'answered with nothing', 'share of queries with no result at all (lower is better)', 'empty'],
      ];
      const rows = metrics.map(([id, name, measures, key]) =>
        row({
          id: `search-quality.${id}`,
          benchmark: `search quality: ${name}`,
          measures,
          unit: 'score',
          subject: now[key],
          baseline: baseline(then[key]),
          note,
        }),
      );
      const ablation = metrics.slice(0, 2).map(([id, name, measures, key]) =>
        row({
          id: `search-quality.${id}-without-keywords`,
          benchmark: `search quality: ${name} without keywords`,
          measures: `${measures}; plugin keywords removed`,
          unit: 'score',
          subject: plain[key],
          baseline: { label: 'with keywords', samples: now[key] },
          note,
        }),
      );
      return [...rows, ...ablation];
    } finally {
      await app.close();
    }
  },
};
