import type { McpCompleter } from './mcp-completion.interface';
import type { McpGetPromptResult, McpPromptMessage } from './mcp-content.interface';
import type { McpContext } from './mcp-context.interface';

/** One argument of a prompt (prompt arguments are strings). */
export interface McpPromptArgument {
  name: string;
  title?: string;
  description?: string;
  /** @default false */
  required?: boolean;
  /** Suggests values for `completion/complete`. */
  complete?: McpCompleter;
}

/** Options of `@McpPrompt`. */
export interface McpPromptOptions {
  /** @default the method name */
  name?: string;
  title?: string;
  /** What the prompt is for. */
  description: string;
  arguments?: McpPromptArgument[];
}

/** What a prompt handler may return: the messages, the full result, or a string (one user text message). */
export type McpPromptReturn = McpPromptMessage[] | McpGetPromptResult | string;

export type McpPromptHandler = (
  args: Record<string, string>,
  ctx: McpContext,
) => McpPromptReturn | Promise<McpPromptReturn>;

/** A registered prompt. */
export interface McpPromptEntry {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly arguments: readonly Readonly<McpPromptArgument>[];
  readonly source: string;
  readonly handler: McpPromptHandler;
}
