/** Metadata keys under which the MCP primitive decorators store their options on a method. */
export const MCP_TOOL_METADATA = 'myko:mcp-tool';
export const MCP_RESOURCE_METADATA = 'myko:mcp-resource';
export const MCP_PROMPT_METADATA = 'myko:mcp-prompt';

/** MCP 2025-11-25 tool names: 1–128 characters of `A-Za-z0-9_-.`. */
export const MCP_TOOL_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;

/** Names the Code Mode meta tools own; a custom tool may not take them. */
export const RESERVED_TOOL_NAMES: readonly string[] = ['search', 'execute'];

/** `completion/complete` answers at most this many values (MCP limit). */
export const MAX_COMPLETION_VALUES = 100;
