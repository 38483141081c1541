/** Texts of MCP primitive registration failures, kept together so they stay consistent. */

export type McpPrimitiveKind = 'tool' | 'resource' | 'resource template' | 'prompt';

export const duplicatePrimitiveMessage = (kind: McpPrimitiveKind, key: string, first: string, second: string) =>
  `Duplicate MCP ${kind} ${key}: declared by ${first} and ${second}`;

export const invalidPrimitiveMessage = (kind: McpPrimitiveKind, key: string, source: string, reason: string) =>
  `MCP ${kind} ${key} declared by ${source}: ${reason}`;

export const primitivesSealedMessage = (kind: McpPrimitiveKind, key: string, source: string) =>
  `Cannot register MCP ${kind} ${key} (${source}): MCP primitives are sealed at application bootstrap; ` +
  'register them during module init';

export const nonStaticPrimitiveMessage = (kind: McpPrimitiveKind, key: string, source: string) =>
  `MCP ${kind} ${key} (${source}) is skipped: its provider is request-scoped or transient, ` +
  'and MCP primitives must live on singleton providers';
