import type { ClientFilters } from '@myko/filter';
import { SandboxService } from '@myko/sandbox';
import { Injectable } from '@nestjs/common';
import { ExecuteTool } from '../../code-mode/execute/execute.tool';
import { executeToolDefinition } from '../../code-mode/execute/execute.tool-definition';
import { SearchTool } from '../../code-mode/search/search.tool';
import { SEARCH_TOOL_DEFINITION } from '../../code-mode/search/search.tool-definition';
import { EXECUTE_TOOL, SEARCH_TOOL } from '../../dispatch.constants';
import type { RequestContext } from '../../interfaces/request-context.interface';
import type { CallToolResult, ToolDefinition } from './tool-definition.interface';
import type { ToolSource } from './tool-source.interface';

/** `search` and `execute`: hidden only by an explicit deny, never by an allow list of operation names. */
@Injectable()
export class MetaToolSource implements ToolSource {
  private readonly definitions: readonly ToolDefinition[];
  private readonly tools: ReadonlyMap<string, SearchTool | ExecuteTool>;

  constructor(searchTool: SearchTool, executeTool: ExecuteTool, sandbox: SandboxService) {
    this.definitions = [SEARCH_TOOL_DEFINITION, executeToolDefinition(sandbox.options.wallTimeMs)];
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
}
