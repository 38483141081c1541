import type { JsonSchema } from '@myko/registry';
import type { Type } from '@nestjs/common';
import type { McpCallToolResult } from './mcp-content.interface';
import type { McpContext } from './mcp-context.interface';

/** MCP tool annotations: hints for the client, never guarantees. */
export interface McpToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** Options of `@McpTool`. */
export interface McpToolOptions {
  /** 1–128 characters of `A-Za-z0-9_-.`; not `search` or `execute`. @default the method name */
  name?: string;
  /** Human-readable name. */
  title?: string;
  /** What the tool does and when to use it, written for a model. */
  description: string;
  /**
   * The arguments: a class-validator DTO (validated like operation arguments, its JSON Schema
   * generated once), or a raw JSON Schema object (2020-12), listed verbatim in `tools/list` with
   * `$schema`, `$defs` and `additionalProperties` untouched. Omitted means no arguments.
   */
  input?: Type<object> | JsonSchema;
  /** JSON Schema of the result: the handler's return value becomes `structuredContent`. */
  output?: JsonSchema;
  annotations?: McpToolAnnotations;
  /**
   * Whether the tool may run as an MCP task (2025-11-25 `execution.taskSupport`; the 2026-07-28 tasks
   * extension): `optional`, or `required` (a client that cannot take a task is refused). Omitted: never a task.
   */
  taskSupport?: 'optional' | 'required';
  /**
   * With `taskSupport`, on a 2026-07-28 request: the tool's first `ctx.input` is gathered by the request's own
   * rounds (`input_required`, MRTR) before the task is created; once answered, the call becomes a task and later
   * input goes through it (`tasks/update`).
   */
  inputBeforeTask?: boolean;
}

/**
 * What a tool handler may return: a full `tools/call` result (passed through), a string (one text
 * block), or any JSON value (its JSON as text; `structuredContent` too when `output` is declared).
 */
export type McpToolReturn = McpCallToolResult | string | unknown;

export type McpToolHandler = (args: Record<string, unknown>, ctx: McpContext) => McpToolReturn | Promise<McpToolReturn>;

/** A custom tool as registered: what `tools/list` shows, plus how to validate and run a call. */
export interface McpToolEntry {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
  readonly annotations?: McpToolAnnotations;
  readonly taskSupport?: 'optional' | 'required';
  readonly inputBeforeTask?: boolean;
  /** `ReportingResources.lowStock`, for error messages. */
  readonly source: string;
  readonly handler: McpToolHandler;
  /** @throws InvalidArgumentsError listing every bad argument */
  validate(raw: unknown): Promise<Record<string, unknown>>;
}
