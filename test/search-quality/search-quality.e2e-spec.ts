import { OperationSearchService } from '@myko/dispatch';
import { ClientFilters } from '@myko/filter';
import { PluginsTestApp } from '../plugins/plugins-test-app';
import { queries } from './queries.json';

/**
 * Search quality over the example domain: natural-language tasks (queries.json) against the real
 * index, counting the entries the default answer shows on its first page (a signature or one line,
 * whatever its detail: entries under the relevance floor are not shown, so they count as missed).
 * A floor that may only rise; `npm run bench` reports the same figures (search-quality rows).
 */
describe('search quality over the example domain', () => {
  let app: PluginsTestApp;
  let ranked: { query: string; expected: string[]; names: string[] }[];

  beforeAll(async () => {
    app = await PluginsTestApp.start();
    const search = new OperationSearchService(app.registry);
    ranked = queries.map(({ query, expected }) => {
      const result = search.search({ query, limit: 10, detail: 'summary' }, ClientFilters.ALLOW_ALL);
      return { query, expected, names: result.operations.map((op) => `${op.kind}_${op.id}`) };
    });
  });
  afterAll(() => app.close());

  it('has at least 60 queries, each naming operations that exist', () => {
    expect(queries.length).toBeGreaterThanOrEqual(60);
    const names = new Set(app.registry.list().map((op) => op.name));
    expect(queries.flatMap((q) => q.expected).filter((name) => !names.has(name))).toEqual([]);
  });

  it('answers every query with something', () => {
    expect(ranked.filter((r) => r.names.length === 0).map((r) => r.query)).toEqual([]);
  });

  it('finds the expected operations in the first five shown: recall@5 >= 0.95', () => {
    const recall =
      ranked.reduce(
        (sum, r) => sum + r.expected.filter((e) => r.names.slice(0, 5).includes(e)).length / r.expected.length,
        0,
      ) / ranked.length;
    const misses = ranked.filter((r) => !r.expected.every((e) => r.names.slice(0, 5).includes(e)));
    expect({ recall: recall >= 0.95, misses: misses.length <= ranked.length * 0.05 }).toEqual({
      recall: true,
      misses: true,
    });
  });
});
