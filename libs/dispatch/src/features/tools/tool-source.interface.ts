import type { ClientFilters } from '@myko/filter';
import type { RequestContext } from '../../interfaces/request-context.interface';
import type { CallToolResult, ToolDefinition } from './tool-definition.interface';

/**
 * One family of tools in `tools/list` (the Code Mode meta tools, the custom `@McpTool`s; later one
 * tool per operation). Each source applies its own visibility rule; `tools/call` goes to the first
 * source that has the name visible, after the callability check.
 */
export interface ToolSource {
  /** The tools this client may see, in listing order. */
  list(filters: ClientFilters): readonly ToolDefinition[];
  /** Whether a tool of this name exists here and is visible to the client. */
  has(name: string, filters: ClientFilters): boolean;
  /**
   * Runs a visible tool. A `ToolExecutionError` becomes an `isError` result; anything else is a
   * protocol error (masked as -32603 unless it is a `DispatchError`).
   */
  call(name: string, args: Record<string, unknown>, request: RequestContext): Promise<CallToolResult>;
  /** Told when the client's callability rules refused a call of one of its tools (for the audit). */
  refused?(name: string, args: Record<string, unknown>, reason: string, request: RequestContext): void;
}
