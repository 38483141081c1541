import type { ClientFilters } from '@myko/filter';
import { McpPrimitiveRegistry, type McpToolEntry } from '@myko/mcp';
import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { McpContextFactory } from '../operations/mcp-context.factory';
import { toClientFailure } from '../operations/operation-error.mapper';
import { toCallToolResult } from './custom-tool-result';
import type { CallToolResult, ToolDefinition } from './tool-definition.interface';
import type { ToolSource } from './tool-source.interface';

/**
 * The plugins' `@McpTool`s, visible by their bare name under the same globs as operations. Invalid
 * arguments and failures are tool execution errors: an `OperationError`'s message is shown, any
 * other failure is logged and masked.
 */
@Injectable()
export class CustomToolSource implements ToolSource {
  private definitions?: readonly ToolDefinition[];

  constructor(
    private readonly registry: McpPrimitiveRegistry,
    private readonly contexts: McpContextFactory,
  ) {}

  list(filters: ClientFilters): readonly ToolDefinition[] {
    this.definitions ??= this.registry.tools().map(toDefinition);
    return filters.allowsAll ? this.definitions : this.definitions.filter((tool) => filters.isVisible(tool.name));
  }

  has(name: string, filters: ClientFilters): boolean {
    return this.registry.tool(name) !== undefined && filters.isVisible(name);
  }

  /** The tool's task support (`@McpTool({ taskSupport })`), if it may run as a task. */
  taskSupport(name: string): 'optional' | 'required' | undefined {
    return this.registry.tool(name)?.taskSupport;
  }

  /** Whether the tool's first input is asked by the request's rounds before it becomes a task. */
  inputBeforeTask(name: string): boolean {
    return this.registry.tool(name)?.inputBeforeTask === true;
  }

  async call(name: string, args: Record<string, unknown>, request: RequestContext): Promise<CallToolResult> {
    const tool = this.registry.tool(name) as McpToolEntry;
    try {
      const validated = await tool.validate(args);
      return toCallToolResult(tool, await tool.handler(validated, this.contexts.create(request)));
    } catch (error) {
      throw toClientFailure(error, { as: 'tool-result' }, { label: `tool ${name}`, request });
    }
  }
}

function toDefinition(tool: McpToolEntry): ToolDefinition {
  const definition: ToolDefinition = { name: tool.name, description: tool.description, inputSchema: tool.inputSchema };
  if (tool.title !== undefined) definition.title = tool.title;
  if (tool.outputSchema !== undefined) definition.outputSchema = tool.outputSchema;
  if (tool.annotations !== undefined) definition.annotations = tool.annotations;
  if (tool.taskSupport !== undefined) definition.execution = { taskSupport: tool.taskSupport };
  return definition;
}
