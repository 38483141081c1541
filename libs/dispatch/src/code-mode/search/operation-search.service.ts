import type { ClientFilters } from '@myko/filter';
import { type OperationDescriptor, OperationRegistry } from '@myko/registry';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { VisibleOperationList, VisibleOperations } from '../../features/resources/visible-operations';
import { encodeCursor, requireCursor } from '../../protocol/pagination/page.cursor';
import { answerQueries, type RankedSection } from './multi-query.answer';
import type { SignatureType } from './operation-signature';
import { queryKey, queryTerms } from './search.analyzer';
import { EXACT_ID, SearchIndex, type SearchQuery, type SearchSelection } from './search.index';
import { isRival, type PageShape, shapeFirstPage, unshaped } from './search-page.shape';
import type {
  FullSearchPage,
  OperationDetail,
  SearchAnswer,
  SearchPage,
  SearchRequest,
  SearchResult,
} from './search-result.interface';
import { closestOperations, nothingFoundHint } from './search-suggestions';
import { TypeBlock, typeBudget } from './search-type-block';

/** How many closest operations a search that found nothing suggests. */
const SUGGESTIONS = 5;

/**
 * Answers `search` (and `myko.search`/`myko.describe` inside `execute`): ranks the visible
 * operations matching any query word, then pages them; when nothing matches, suggests the closest
 * visible ones. The first page of a ranked search is shaped by relevance (`shapeFirstPage`);
 * `detail: 'full'` pages every entry in full instead. The index is built once, as soon as the
 * registry is sealed at application bootstrap, so no search pays for it; before that (or outside
 * Nest) it is built on first use, and rebuilt only if the registry's operation list has changed.
 */
@Injectable()
export class OperationSearchService implements OnModuleInit, VisibleOperations {
  private index?: SearchIndex;

  constructor(private readonly registry: OperationRegistry) {}

  onModuleInit(): void {
    this.registry.onSealed(() => this.getIndex());
  }

  search(request: SearchRequest & { detail: 'full'; queries?: undefined }, filters: ClientFilters): FullSearchPage;
  search(request: SearchRequest & { queries?: undefined }, filters: ClientFilters): SearchResult;
  search(request: SearchRequest, filters: ClientFilters): SearchAnswer;
  search(request: SearchRequest, filters: ClientFilters): SearchAnswer {
    if (request.queries !== undefined) {
      return answerQueries((one, as, sure) => this.section(one, as, sure), request, request.queries, filters);
    }
    const { page, exact, typeSources } = this.section(request, filters, false);
    if (typeSources.length === 0) return page;
    const block = new TypeBlock(exact ? Number.POSITIVE_INFINITY : typeBudget(1));
    for (const [id, types] of typeSources) block.add(id, types);
    const { operations, ...rest } = page as SearchPage;
    return { operations, ...block.finish(), ...rest };
  }

  /**
   * One query's answer without its type block: the page (`detail: 'full'` or shaped), the types each
   * signature shown reaches (`typeSources`), and whether the query named an operation exactly. `sure`
   * (a section of a `queries` answer): a page sure of its match shows it, and one runner-up only when
   * that matched the words as well (never after an exact id).
   */
  section(request: SearchRequest, filters: ClientFilters, sure: boolean): RankedSection {
    const index = this.getIndex();
    const query: SearchQuery = { terms: queryTerms(request.query), key: queryKey(request.query) };
    const scope = `search\u0000${query.terms.map((term) => term.stem).join(' ')}\u0000${query.key}\u0000${request.kind ?? ''}`;
    const offset = requireCursor(request.cursor, scope);
    const selection = index.select(query, request.kind, filters, offset, request.limit);
    const full = request.detail === 'full';
    const ranked = offset === 0 && (query.terms.length > 0 || selection.scores[0] > 0);
    const exact = ranked && selection.scores[0] >= EXACT_ID;
    const coverage = (k: number) => index.coverage(selection.indices[k], selection.variants);
    let shape = full || !ranked ? unshaped(selection) : shapeFirstPage(selection, coverage);
    if (sure && shape.confident > 0 && (exact || shape.confident === 1)) {
      const rival = !exact && shape.confident < selection.indices.length && isRival(coverage, shape.confident);
      shape = { confident: shape.confident, shown: shape.confident + (rival ? 1 : 0) };
    }
    const typeSources = full ? [] : this.typeSources(selection.indices.slice(0, shape.confident));
    const page = full ? this.fullPage(selection, filters) : this.page(selection, shape, filters);
    const next = offset + shape.shown;
    if (next < selection.total) page.nextCursor = encodeCursor(next, scope);
    if (selection.total === 0 && query.key !== '') this.suggest(page, query, request, filters);
    return { page, exact, typeSources };
  }

  /**
   * The visible operation `<kind>_<id>` names, with its full detail; also found by the id alone
   * (`LowStock`) or another case, when exactly that id is visible under some kind.
   */
  describe(nameOrId: string, filters: ClientFilters): OperationDetail | undefined {
    const index = this.getIndex();
    const [found] = index.exact(queryKey(nameOrId), filters);
    return found === undefined ? undefined : withApproval(index.entries.detail(found), filters);
  }

  /** The client's visible operations in index order (what the schema resources list). */
  visible(filters: ClientFilters): VisibleOperationList {
    const index = this.getIndex();
    const visible = index.match([], undefined, filters);
    return { count: visible.length, slice: (start, end) => visible.slice(start, end).map((i) => index.operation(i)) };
  }

  /** Up to `count` visible operations closest to a name that is not one (did-you-mean), nearest first. */
  closest(name: string, filters: ClientFilters, count = 3): OperationDescriptor[] {
    return closestOperations(this.getIndex(), name, filters, count);
  }

  /** Whether the index over the current operation list is built (it is, once the registry is sealed). */
  get isIndexed(): boolean {
    return this.index !== undefined && this.index.operations === this.registry.list();
  }

  /** The index over the registry's current operation list. */
  getIndex(): SearchIndex {
    const operations = this.registry.list();
    if (this.index?.operations !== operations) this.index = new SearchIndex(operations);
    return this.index;
  }

  /** The entries shown, confident ones first. */
  private page(
    { indices, total }: SearchSelection,
    { confident, shown }: PageShape,
    filters: ClientFilters,
  ): SearchPage {
    const { entries } = this.getIndex();
    const operations = indices
      .slice(0, shown)
      .map((op, k) => withApproval(k < confident ? entries.confident(op) : entries.compact(op), filters));
    return { operations, total };
  }

  /** The types each confident signature reaches, by operation id. */
  private typeSources(confident: readonly number[]): [string, readonly SignatureType[]][] {
    const { entries } = this.getIndex();
    return confident.map((op) => [entries.compact(op).id, entries.types(op)]);
  }

  private fullPage({ indices, total }: SearchSelection, filters: ClientFilters): FullSearchPage {
    const { entries } = this.getIndex();
    return { operations: indices.map((op) => withApproval(entries.detail(op), filters)), total };
  }

  private suggest(result: SearchResult, query: SearchQuery, request: SearchRequest, filters: ClientFilters): void {
    const index = this.getIndex();
    let kind = request.kind;
    let near = index.select(query, kind, filters, 0, SUGGESTIONS, true).indices;
    if (near.length === 0 && kind !== undefined) {
      near = index.select(query, undefined, filters, 0, SUGGESTIONS, true).indices;
      kind = undefined;
    }
    result.suggestions = near.map((i) => withApproval(index.entries.compact(i), filters));
    result.hint = nothingFoundHint(request, kind !== request.kind, index.match([], undefined, filters).length);
  }
}

/**
 * A command the caller's access profile requires approval for (its `approval` globs), marked so: a copy, since
 * the entries are shared by every client; one that needs it anyway (`@Command({ approval: true })`) is marked already.
 */
function withApproval<T extends { kind: string; id: string; approval?: true }>(entry: T, filters: ClientFilters): T {
  if (entry.approval || entry.kind !== 'command' || !filters.requiresApproval(`command_${entry.id}`)) return entry;
  return { ...entry, approval: true };
}
