import type { CallToolResult, TextContent } from './tool-definition.interface';

export function textContent(text: string): TextContent {
  return { type: 'text', text };
}

/** A tool execution error: a normal result the model reads, with `isError: true`. */
export function toolError(...texts: string[]): CallToolResult {
  return { content: texts.map(textContent), isError: true };
}
