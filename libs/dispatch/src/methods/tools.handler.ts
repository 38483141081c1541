import { OperationRegistry } from '@myko/registry';
import { SandboxService } from '@myko/sandbox';
import { Injectable } from '@nestjs/common';
import { EXECUTE_TOOL, SEARCH_TOOL } from '../dispatch.constants';
import { InvalidParamsError, ToolExecutionError, UnknownToolError } from '../errors';
import type { RequestContext } from '../interfaces/request-context.interface';
import { isPlainObject } from '../json-rpc/json-rpc.codec';
import type { JsonRpcParams } from '../json-rpc/json-rpc.message';
import { ExecuteTool } from '../tools/execute.tool';
import { executeToolDefinition } from '../tools/execute.tool-definition';
import { legacyToolHint } from '../tools/legacy-tool-name';
import { SearchTool } from '../tools/search.tool';
import { SEARCH_TOOL_DEFINITION } from '../tools/search.tool-definition';
import type { CallToolResult, ToolDefinition } from '../tools/tool-definition.interface';
import { toolError } from '../tools/tool-result';

/**
 * `tools/list` and `tools/call` with MCP 2025-06-18 error semantics: a hidden or unknown tool and
 * malformed call params are protocol errors; refusals, bad arguments and failures are tool results
 * with `isError: true`.
 */
@Injectable()
export class ToolsHandler {
  private readonly tools: ReadonlyMap<string, SearchTool | ExecuteTool>;
  private readonly definitions: readonly ToolDefinition[];

  constructor(
    private readonly registry: OperationRegistry,
    searchTool: SearchTool,
    executeTool: ExecuteTool,
    sandbox: SandboxService,
  ) {
    this.definitions = [SEARCH_TOOL_DEFINITION, executeToolDefinition(sandbox.options.wallTimeMs)];
    this.tools = new Map<string, SearchTool | ExecuteTool>([
      [SEARCH_TOOL, searchTool],
      [EXECUTE_TOOL, executeTool],
    ]);
  }

  /** Both tools fit on one page, so any cursor is one this server never issued. */
  list(params: JsonRpcParams, request: RequestContext): Record<string, unknown> {
    if (params.cursor !== undefined) throw new InvalidParamsError('invalid cursor');
    const filters = request.client.filters;
    return { tools: this.definitions.filter((tool) => filters.isMetaToolVisible(tool.name)) };
  }

  async call(params: JsonRpcParams, request: RequestContext): Promise<CallToolResult> {
    const { name, arguments: args = {} } = params;
    if (typeof name !== 'string') throw new InvalidParamsError('`name` must be the name of a tool');
    if (!isPlainObject(args)) throw new InvalidParamsError('`arguments` must be an object');
    const filters = request.client.filters;
    const tool = this.tools.get(name);
    if (!tool || !filters.isMetaToolVisible(name)) return this.notATool(name, request);
    const refusal = filters.checkCallable(name, args);
    if (refusal !== undefined) return toolError(refusal);
    try {
      return await tool.call(args, request);
    } catch (error) {
      if (error instanceof ToolExecutionError) return toolError(error.message);
      throw error;
    }
  }

  private notATool(name: string, request: RequestContext): CallToolResult {
    const hint = legacyToolHint(name, this.registry, request.client.filters);
    if (hint === undefined) throw new UnknownToolError(name);
    return toolError(hint);
  }
}
