import type { ClientFilters } from '@myko/filter';
import { InvalidArgumentsError, OperationNotFoundError } from '@myko/registry';
import { SEARCH_TOOL } from '../../dispatch.constants';
import { CallRefusedError, ToolExecutionError } from '../../errors';
import type { OperationSearchService } from '../search/operation-search.service';
import { callOf } from '../search/search-suggestions';
import { parseSearchArguments } from '../tool-arguments';

/**
 * Names one `execute` request gets suggestions for (its check and its run together): each one ranks every
 * visible operation, so a script naming or calling thousands of unknown ids must not pay that per id.
 */
export const MAX_SUGGESTED_NAMES = 8;

/**
 * `myko.search(query, options?)` and `myko.describe(id)` inside `execute`: the `search` tool's
 * answers, under the same client filters, without another round trip. `search` gives the JSON
 * form (the tool's `structuredContent`: scripts read data, not the notation); `describe` the full
 * detail (declaration, TypeScript types, schemas) of one visible operation, found by name or id.
 */
export class ScriptDiscovery {
  /** The suggestions of each name ranked so far, at most `MAX_SUGGESTED_NAMES`: a repeated name is not ranked again. */
  private readonly suggested = new Map<string, string[]>();

  constructor(
    private readonly searchService: OperationSearchService,
    private readonly filters: ClientFilters,
  ) {}

  /**
   * JSON text of the `search` tool's structured answer; `options` as the tool's arguments, without `query`
   * (`queries` with an empty query: one section per query).
   */
  search(query: string, optionsJson: string): string {
    const options = parseOptions(optionsJson);
    // `myko.search('', { queries })`: the queries stand instead of the empty one.
    const args = options.queries !== undefined && query === '' ? options : { ...options, query };
    const refusal = this.filters.checkCallable(SEARCH_TOOL, args);
    if (refusal !== undefined) throw new CallRefusedError(refusal);
    try {
      const request = parseSearchArguments(args);
      return JSON.stringify(this.searchService.search(request, this.filters));
    } catch (error) {
      if (!(error instanceof ToolExecutionError)) throw error;
      throw new InvalidArgumentsError('myko.search', [{ path: 'options', reasons: [error.message] }]);
    }
  }

  /** JSON text of the operation's full detail; an unknown or hidden one is refused with the closest visible ones. */
  describe(nameOrId: string): string {
    const detail = this.searchService.describe(nameOrId, this.filters);
    if (detail) return JSON.stringify(detail);
    throw this.notFound(nameOrId);
  }

  /** The error for a name that is not a visible operation, naming the closest visible ones (the first few names). */
  notFound(name: string): OperationNotFoundError {
    return new OperationNotFoundError(name, this.suggestionsFor(name));
  }

  private suggestionsFor(name: string): string[] {
    let suggestions = this.suggested.get(name);
    if (suggestions) return suggestions;
    if (this.suggested.size >= MAX_SUGGESTED_NAMES) return [];
    suggestions = this.searchService.closest(name, this.filters).map(callOf);
    this.suggested.set(name, suggestions);
    return suggestions;
  }
}

function parseOptions(optionsJson: string): Record<string, unknown> {
  const options: unknown = optionsJson === '' ? {} : JSON.parse(optionsJson);
  if (options === null || options === undefined) return {};
  if (typeof options !== 'object' || Array.isArray(options) || 'query' in options) {
    throw new InvalidArgumentsError('myko.search', [
      { path: 'options', reasons: ['must be an object of queries, kind, limit, cursor, detail'] },
    ]);
  }
  return options as Record<string, unknown>;
}
