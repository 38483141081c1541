import type { ClientFilters } from '@myko/filter';
import { type OperationDescriptor, OperationRegistry } from '@myko/registry';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { encodeCursor, requireCursor } from '../../protocol/pagination/page.cursor';
import { queryKey, queryTerms } from './search.analyzer';
import { SearchIndex, type SearchQuery } from './search.index';
import type { OperationDetail, SearchRequest, SearchResult } from './search-result.interface';
import { closestOperations, nothingFoundHint } from './search-suggestions';

/** How many closest operations a search that found nothing suggests. */
const SUGGESTIONS = 5;

/**
 * Answers `search` (and `myko.search`/`myko.describe` inside `execute`): ranks the visible
 * operations matching any query word, then pages them; when nothing matches, suggests the closest
 * visible ones. The index is built once, as soon as the registry is sealed at application
 * bootstrap, so no search pays for it; before that (or outside Nest) it is built on first use, and
 * rebuilt only if the registry's operation list has changed since.
 */
@Injectable()
export class OperationSearchService implements OnModuleInit {
  private index?: SearchIndex;

  constructor(private readonly registry: OperationRegistry) {}

  onModuleInit(): void {
    this.registry.onSealed(() => this.getIndex());
  }

  search(request: SearchRequest, filters: ClientFilters): SearchResult {
    const index = this.getIndex();
    const query: SearchQuery = { terms: queryTerms(request.query), key: queryKey(request.query) };
    const scope = `search\u0000${query.terms.map((term) => term.stem).join(' ')}\u0000${query.key}\u0000${request.kind ?? ''}`;
    const offset = requireCursor(request.cursor, scope);
    const { indices, total } = index.select(query, request.kind, filters, offset, request.limit);
    const full = request.detail === 'full';
    const operations = indices.map((i) => (full ? index.detail(i) : index.summary(i)));
    const result: SearchResult = { operations, total };
    const next = offset + indices.length;
    if (next < total) result.nextCursor = encodeCursor(next, scope);
    if (total === 0 && query.key !== '') this.suggest(result, query, request, filters);
    return result;
  }

  /**
   * The visible operation `<kind>_<id>` names, with its full detail; also found by the id alone
   * (`LowStock`) or another case, when exactly that id is visible under some kind.
   */
  describe(nameOrId: string, filters: ClientFilters): OperationDetail | undefined {
    const index = this.getIndex();
    const [found] = index.exact(queryKey(nameOrId), filters);
    return found === undefined ? undefined : index.detail(found);
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

  private suggest(result: SearchResult, query: SearchQuery, request: SearchRequest, filters: ClientFilters): void {
    const index = this.getIndex();
    let kind = request.kind;
    let near = index.select(query, kind, filters, 0, SUGGESTIONS, true).indices;
    if (near.length === 0 && kind !== undefined) {
      near = index.select(query, undefined, filters, 0, SUGGESTIONS, true).indices;
      kind = undefined;
    }
    result.suggestions = near.map((i) => index.summary(i));
    result.hint = nothingFoundHint(request, kind !== request.kind, index.match([], undefined, filters).length);
  }
}
