export { McpPrompt } from './mcp-prompt.decorator';
export { McpResource } from './mcp-resource.decorator';
export { McpTool } from './mcp-tool.decorator';
