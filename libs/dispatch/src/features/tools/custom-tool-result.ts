import type { McpToolEntry } from '@myko/mcp';
import { isPlainObject } from '../../protocol/json-rpc/json-rpc.codec';
import type { CallToolResult } from './tool-definition.interface';
import { textContent } from './tool-result';

/**
 * The `tools/call` result of what a custom tool returned: a result object passes through; with an
 * `output` schema the value is `structuredContent`, repeated as JSON text as MCP recommends; a
 * string is one text block; anything else is its JSON.
 * @throws Error when a tool with an output schema returns something that is not an object
 */
export function toCallToolResult(tool: McpToolEntry, value: unknown): CallToolResult {
  if (isPlainObject(value) && Array.isArray(value.content)) return value as CallToolResult;
  if (tool.outputSchema) {
    if (!isPlainObject(value))
      throw new Error(`tool ${tool.name} declares an output schema but returned ${typeof value}`);
    return { content: [textContent(JSON.stringify(value))], structuredContent: value };
  }
  if (typeof value === 'string') return { content: [textContent(value)] };
  return { content: [textContent(JSON.stringify(value ?? null) ?? 'null')] };
}
