import type { ClientFilters } from '@myko/filter';
import type { RequestContext } from '../../interfaces/request-context.interface';
import type { CallToolResult, ToolDefinition } from './tool-definition.interface';
import type { ToolSource } from './tool-source.interface';

/**
 * The Code Mode meta tools as `tools/call` sees them. Code Mode builds on the features (its tools run
 * operations through them), so the source itself lives above and is bound to this token by the module.
 */
export abstract class CodeModeToolSource implements ToolSource {
  abstract list(filters: ClientFilters): readonly ToolDefinition[];
  abstract has(name: string, filters: ClientFilters): boolean;
  abstract call(name: string, args: Record<string, unknown>, request: RequestContext): Promise<CallToolResult>;
  /**
   * What a Code Mode client is told when it calls a tool that is not one (an operation's pre-Code-Mode
   * tool name, or one close to it), or undefined when the name is an unknown tool like any other.
   */
  abstract unknownToolHint(name: string, filters: ClientFilters): string | undefined;
}
