/**
 * `search` as it answered before BM25 ranking (see README.md here): the same request in, the same
 * `{ operations, total }` shape out, over the frozen index; the
 * first page only, as the benchmarks ask for: no cursor is issued.
 */
const { SearchIndex } = require('./search.index');
const { queryWords } = require('./search.tokenizer');

/** Builds today's-matcher search over `operations`; `search(request, filters)` → `{ operations, total }`. */
function prefixMatcher(operations) {
  const index = new SearchIndex(operations);
  return {
    index,
    search({ query, kind, limit, detail }, filters) {
      const { indices, total } = index.select(queryWords(query), kind, filters, 0, limit);
      const operations = indices.map((i) => (detail === 'full' ? index.detail(i) : index.summary(i)));
      return { operations, total };
    },
  };
}

module.exports = { prefixMatcher };
