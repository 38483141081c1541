import { inspectOptions, recordInvalidOptions } from '@myko/registry';
import { SetMetadata } from '@nestjs/common';
import type { McpToolOptions } from '../interfaces/mcp-tool.interface';
import { MCP_TOOL_METADATA } from '../mcp.constants';
import { MCP_TOOL_OPTIONS } from './mcp-options.tables';

/**
 * Declares a custom MCP tool, listed next to `search` and `execute` and subject to the same
 * visibility and callability filters (by its bare name). The method receives the validated
 * arguments and an `McpContext`.
 *
 * @example
 * ```ts
 * @McpTool({ name: 'restock_advice', description: 'What to reorder this week', input: AdviceArgs })
 * advice(args: AdviceArgs, ctx: McpContext) { ctx.progress(0, 1); … }
 * ```
 * @publicApi
 */
export function McpTool(options: McpToolOptions): MethodDecorator {
  const metadata = Object.freeze({ ...options });
  recordInvalidOptions(metadata, inspectOptions('@McpTool', McpTool, options, MCP_TOOL_OPTIONS));
  return SetMetadata(MCP_TOOL_METADATA, metadata);
}
