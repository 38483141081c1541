export type { McpCompleter, McpCompletionContext } from './mcp-completion.interface';
export type {
  McpAnnotations,
  McpAudioContent,
  McpCallToolResult,
  McpContent,
  McpEmbeddedResource,
  McpGetPromptResult,
  McpImageContent,
  McpPromptMessage,
  McpResourceContents,
  McpResourceLink,
  McpTextContent,
} from './mcp-content.interface';
export type {
  McpContext,
  McpCreateMessageParams,
  McpCreateMessageResult,
  McpElicitParams,
  McpElicitResult,
  McpInputOptions,
  McpInputRequest,
  McpLogLevel,
  McpSamplingMessage,
} from './mcp-context.interface';
export type { McpPromptDefinition, McpResourceDefinition, McpToolDefinition } from './mcp-definition.interface';
export type {
  McpPromptArgument,
  McpPromptEntry,
  McpPromptHandler,
  McpPromptOptions,
  McpPromptReturn,
} from './mcp-prompt.interface';
export type {
  McpResourceHandler,
  McpResourceOperationArgs,
  McpResourceOptions,
  McpResourceRequest,
  McpResourceReturn,
  McpStaticResourceEntry,
  McpStaticResourceOptions,
  McpTemplateResourceEntry,
  McpTemplateResourceOptions,
} from './mcp-resource.interface';
export type {
  McpToolAnnotations,
  McpToolEntry,
  McpToolHandler,
  McpToolOptions,
  McpToolReturn,
} from './mcp-tool.interface';
