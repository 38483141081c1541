import type { ClientFilters } from '@myko/filter';
import { OperationRegistry } from '@myko/registry';
import { SandboxService } from '@myko/sandbox';
import { Injectable } from '@nestjs/common';
import { EXECUTE_TOOL, SEARCH_TOOL } from '../dispatch.constants';
import { CodeModeToolSource } from '../features/tools/code-mode-tool.source';
import type { CallToolResult, ToolDefinition } from '../features/tools/tool-definition.interface';
import type { RequestContext } from '../interfaces/request-context.interface';
import { ExecuteTool } from './execute/execute.tool';
import { executeToolDefinition } from './execute/execute.tool-definition';
import { legacyToolHint } from './legacy-tool-name';
import { OperationSearchService } from './search/operation-search.service';
import { SearchTool } from './search/search.tool';
import { SEARCH_TOOL_DEFINITION } from './search/search.tool-definition';

/** `search` and `execute`: hidden only by an explicit deny, never by an allow list of operation names. */
@Injectable()
export class MetaToolSource extends CodeModeToolSource {
  private readonly definitions: readonly ToolDefinition[];
  private readonly tools: ReadonlyMap<string, SearchTool | ExecuteTool>;

  constructor(
    searchTool: SearchTool,
    executeTool: ExecuteTool,
    sandbox: SandboxService,
    private readonly registry: OperationRegistry,
    private readonly searchService: OperationSearchService,
  ) {
    super();
    this.definitions = [
      SEARCH_TOOL_DEFINITION,
      executeToolDefinition(sandbox.options.wallTimeMs, executeTool.checksTypes),
    ];
    this.tools = new Map<string, SearchTool | ExecuteTool>([
      [SEARCH_TOOL, searchTool],
      [EXECUTE_TOOL, executeTool],
    ]);
  }

  list(filters: ClientFilters): readonly ToolDefinition[] {
    return this.definitions.filter((tool) => filters.isMetaToolVisible(tool.name));
  }

  has(name: string, filters: ClientFilters): boolean {
    return this.tools.has(name) && filters.isMetaToolVisible(name);
  }

  async call(name: string, args: Record<string, unknown>, request: RequestContext): Promise<CallToolResult> {
    return (this.tools.get(name) as SearchTool | ExecuteTool).call(args, request);
  }

  unknownToolHint(name: string, filters: ClientFilters): string | undefined {
    return legacyToolHint(name, this.registry, filters, (near) => this.searchService.closest(near, filters));
  }
}
