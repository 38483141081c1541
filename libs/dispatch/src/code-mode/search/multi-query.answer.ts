import type { ClientFilters } from '@myko/filter';
import type { SignatureType } from './operation-signature';
import type {
  FullMultiSearchPage,
  FullSearchPage,
  MultiSearchPage,
  SearchPage,
  SearchRequest,
  SearchSection,
} from './search-result.interface';
import { TypeBlock, typeBudget } from './search-type-block';

/** One query's answer before its types join the shared block (`OperationSearchService.section`). */
export interface RankedSection {
  page: SearchPage | FullSearchPage;
  /** The query named an operation exactly (its id or name). */
  exact: boolean;
  /** The types each signature shown in full reaches, by operation id, in page order. */
  typeSources: [string, readonly SignatureType[]][];
}

/** One query's ranked section (`OperationSearchService.section`), given to the answer so it needs no service. */
export type SectionOf = (request: SearchRequest, filters: ClientFilters, sure: boolean) => RankedSection;

/**
 * The answer to `queries`: a section per query, in order, sharing one type block and one budget, so
 * that an agent learns in one turn everything a task needs. An operation an earlier section already
 * showed (as fully, or in full) is named only, in the later section's `above`.
 */
export function answerQueries(
  sectionOf: SectionOf,
  request: SearchRequest,
  queries: readonly string[],
  filters: ClientFilters,
): MultiSearchPage | FullMultiSearchPage {
  const one = (query: string) => sectionOf({ ...request, query, queries: undefined }, filters, true);
  if (request.detail === 'full') {
    return { sections: queries.map((query) => ({ query, ...(one(query).page as FullSearchPage) })) };
  }
  const block = new TypeBlock(typeBudget(queries.length));
  const inFull = new Set<string>();
  const named = new Set<string>();
  const sections = queries.map((query): SearchSection => {
    const { page, typeSources } = one(query);
    for (const [id, types] of typeSources) block.add(id, types);
    const { operations, total, ...rest } = page as SearchPage;
    const above: string[] = [];
    const fresh = operations.filter((entry) => {
      const key = `${entry.kind} ${entry.id}`;
      const full = entry.signature !== undefined;
      if (inFull.has(key) || (!full && named.has(key))) return above.push(entry.id) < 0;
      (full ? inFull : named).add(key);
      named.add(key);
      return true;
    });
    return { query, operations: fresh, ...(above.length > 0 ? { above } : {}), total, ...rest } as SearchSection;
  });
  return { sections, ...block.finish() };
}
