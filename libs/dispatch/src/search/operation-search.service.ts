import type { ClientFilters } from '@myko/filter';
import { OperationRegistry } from '@myko/registry';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { encodeCursor, requireCursor } from './search.cursor';
import { SearchIndex } from './search.index';
import { queryWords } from './search.tokenizer';
import type { SearchRequest, SearchResult } from './search-result.interface';

/**
 * Answers `search`: ranks the visible operations matching every query word, then pages them.
 * The index is built once, as soon as the registry is sealed at application bootstrap, so no
 * search pays for it; before that (or outside Nest) it is built on first use, and rebuilt only if
 * the registry's operation list has changed since.
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
    const words = queryWords(request.query);
    const scope = `search\u0000${words.join(' ')}\u0000${request.kind ?? ''}`;
    const offset = requireCursor(request.cursor, scope);
    const { indices, total } = index.select(words, request.kind, filters, offset, request.limit);
    const full = request.detail === 'full';
    const operations = indices.map((i) => (full ? index.detail(i) : index.summary(i)));
    const result: SearchResult = { operations, total };
    const next = offset + indices.length;
    if (next < total) result.nextCursor = encodeCursor(next, scope);
    return result;
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
}
