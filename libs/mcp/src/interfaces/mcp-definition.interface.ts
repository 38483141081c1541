import type { McpPromptHandler, McpPromptOptions } from './mcp-prompt.interface';
import type {
  McpResourceHandler,
  McpStaticResourceOptions,
  McpTemplateResourceOptions,
} from './mcp-resource.interface';
import type { McpToolHandler, McpToolOptions } from './mcp-tool.interface';

/** Where a primitive was declared, for error messages: `ConformanceTools.simpleText` or `programmatic:<source>`. */
interface Sourced {
  source: string;
}

/** A tool to register: decorator options with its final name and handler. */
export interface McpToolDefinition extends McpToolOptions, Sourced {
  name: string;
  handler: McpToolHandler;
}

/** A resource or template to register. */
export type McpResourceDefinition = (McpStaticResourceOptions | McpTemplateResourceOptions) &
  Sourced & { handler: McpResourceHandler };

/** A prompt to register. */
export interface McpPromptDefinition extends McpPromptOptions, Sourced {
  name: string;
  handler: McpPromptHandler;
}
