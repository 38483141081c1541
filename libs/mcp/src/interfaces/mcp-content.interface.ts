/** Optional hints on content and resources (MCP `Annotations`). */
export interface McpAnnotations {
  audience?: ('user' | 'assistant')[];
  priority?: number;
  lastModified?: string;
}

export interface McpTextContent {
  type: 'text';
  text: string;
  annotations?: McpAnnotations;
}

/** `data` is base64. */
export interface McpImageContent {
  type: 'image';
  data: string;
  mimeType: string;
  annotations?: McpAnnotations;
}

/** `data` is base64, e.g. `audio/wav`. */
export interface McpAudioContent {
  type: 'audio';
  data: string;
  mimeType: string;
  annotations?: McpAnnotations;
}

/** The body of a resource: `text`, or `blob` (base64) for binary content. */
export type McpResourceContents =
  | { uri: string; mimeType?: string; text: string; _meta?: Record<string, unknown> }
  | { uri: string; mimeType?: string; blob: string; _meta?: Record<string, unknown> };

/** A resource embedded in a tool result or a prompt message. */
export interface McpEmbeddedResource {
  type: 'resource';
  resource: McpResourceContents;
  annotations?: McpAnnotations;
}

/** A link to a resource the client may read (MCP 2025-06-18). */
export interface McpResourceLink {
  type: 'resource_link';
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  annotations?: McpAnnotations;
}

/** One content block of a tool result or of a prompt message. */
export type McpContent = McpTextContent | McpImageContent | McpAudioContent | McpEmbeddedResource | McpResourceLink;

/** A `tools/call` result, as a custom tool may return it verbatim. */
export interface McpCallToolResult {
  content: McpContent[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

/** One message of a prompt. */
export interface McpPromptMessage {
  role: 'user' | 'assistant';
  content: McpContent;
}

/** A `prompts/get` result, as a custom prompt may return it. */
export interface McpGetPromptResult {
  description?: string;
  messages: McpPromptMessage[];
}
