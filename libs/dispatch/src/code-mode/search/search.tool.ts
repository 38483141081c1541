import { Injectable } from '@nestjs/common';
import type { CallToolResult } from '../../features/tools/tool-definition.interface';
import { textContent } from '../../features/tools/tool-result';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { parseSearchArguments } from '../tool-arguments';
import { OperationSearchService } from './operation-search.service';
import { SearchResultJson } from './search-result.json';

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
