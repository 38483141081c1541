import { inspectOptions, recordInvalidOptions } from '@myko/registry';
import { SetMetadata } from '@nestjs/common';
import type { McpPromptOptions } from '../interfaces/mcp-prompt.interface';
import { MCP_PROMPT_METADATA } from '../mcp.constants';
import { MCP_PROMPT_OPTIONS } from './mcp-options.tables';

/**
 * Declares an MCP prompt. The method receives the string arguments (required ones checked before
 * it runs) and an `McpContext`, and returns messages with text, image, audio or embedded resources.
 * An argument's `complete` function answers `completion/complete` for it.
 *
 * @example
 * ```ts
 * @McpPrompt({ name: 'review_order', description: 'Review one order', arguments: [{ name: 'orderId', required: true }] })
 * review({ orderId }: Record<string, string>) { return `Review order ${orderId} for problems.`; }
 * ```
 * @publicApi
 */
export function McpPrompt(options: McpPromptOptions): MethodDecorator {
  const metadata = Object.freeze({ ...options });
  recordInvalidOptions(metadata, inspectOptions('@McpPrompt', McpPrompt, options, MCP_PROMPT_OPTIONS));
  return SetMetadata(MCP_PROMPT_METADATA, metadata);
}
