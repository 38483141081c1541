import type { McpContent } from '@myko/mcp';

/** MCP tool annotations: hints for the client, not guarantees. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A tool as `tools/list` describes it. */
export interface ToolDefinition {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: ToolAnnotations;
  /** 2025-11-25: whether the tool may be called as a task (`tools/call` with `task`); absent means forbidden. */
  execution?: { taskSupport: 'forbidden' | 'optional' | 'required' };
}

/** One text content block (what the meta tools produce). */
export interface TextContent {
  type: 'text';
  text: string;
}

/** The `tools/call` result. */
export interface CallToolResult {
  content: (TextContent | McpContent)[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  [key: string]: unknown;
}
