import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../interfaces/request-context.interface';
import { OperationSearchService } from '../search/operation-search.service';
import { SearchResultJson } from '../search/search-result.json';
import { parseSearchArguments } from './tool-arguments';
import type { CallToolResult } from './tool-definition.interface';
import { textContent } from './tool-result';

/** The `search` tool: the result as JSON text and, identically, as `structuredContent`. */
@Injectable()
export class SearchTool {
  private readonly json = new SearchResultJson();

  constructor(private readonly searchService: OperationSearchService) {}

  call(args: Record<string, unknown>, request: RequestContext): CallToolResult {
    const result = this.searchService.search(parseSearchArguments(args), request.client.filters);
    return { content: [textContent(this.json.stringify(result))], structuredContent: result };
  }
}
