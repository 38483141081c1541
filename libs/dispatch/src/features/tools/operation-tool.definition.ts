import { JSON_SCHEMA_DIALECT, type JsonSchema, type OperationDescriptor } from '@myko/registry';
import { isPlainObject } from '../../protocol/json-rpc/json-rpc.codec';
import type { CallToolResult, ToolAnnotations, ToolDefinition } from './tool-definition.interface';
import { textContent } from './tool-result';

/**
 * MCP requires an object schema as `outputSchema` and an object as `structuredContent`: a result
 * that is a list or a primitive is sent as `{ "result": <value> }`.
 */
export const WRAPPED_RESULT_KEY = 'result';

/** One operation served as a tool (`direct` mode): its `tools/list` entry and how results are shaped. */
export interface OperationTool {
  readonly definition: ToolDefinition;
  /** The result is sent as `{ result: value }` (its output is a list or a primitive). */
  readonly wrapsResult: boolean;
  /** The operation declares an output schema, so results carry `structuredContent`. */
  readonly structured: boolean;
}

/** `ListOrders` → `List Orders`, `Customer360` → `Customer 360`. */
export function titleOf(id: string): string {
  return id
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/_/g, ' ');
}

/**
 * Reads are read-only; commands say whether they destroy or can be repeated. No operation reaches
 * outside the backend it belongs to, so none is open-world.
 */
function annotationsOf(op: OperationDescriptor): ToolAnnotations {
  if (op.readOnly) return { readOnlyHint: true, openWorldHint: false };
  return { readOnlyHint: false, destructiveHint: op.destructive, idempotentHint: op.idempotent, openWorldHint: false };
}

/** The output schema as MCP wants it (an object), and whether results must be wrapped to fit it. */
function outputOf(schema: JsonSchema | undefined): { outputSchema?: JsonSchema; wrapsResult: boolean } {
  if (!schema) return { wrapsResult: false };
  if (schema.type === 'object') return { outputSchema: schema, wrapsResult: false };
  const { $schema, $defs, ...value } = schema;
  const wrapped: JsonSchema = {
    $schema: $schema ?? JSON_SCHEMA_DIALECT,
    type: 'object',
    properties: { [WRAPPED_RESULT_KEY]: value },
    required: [WRAPPED_RESULT_KEY],
    ...($defs ? { $defs } : {}),
  };
  return { outputSchema: wrapped, wrapsResult: true };
}

/** The tool `<kind>_<id>` of an operation: its real input and output schemas, title and annotations. */
export function operationTool(op: OperationDescriptor): OperationTool {
  const { outputSchema, wrapsResult } = outputOf(op.outputSchema);
  const definition: ToolDefinition = {
    name: op.name,
    title: titleOf(op.id),
    description: op.description,
    inputSchema: op.inputSchema,
    ...(outputSchema ? { outputSchema } : {}),
    annotations: annotationsOf(op),
  };
  return { definition, wrapsResult, structured: outputSchema !== undefined };
}

/**
 * The `tools/call` result of an operation's value: with an output schema, `structuredContent`
 * (wrapped when the schema is) repeated as JSON text, as MCP recommends; without one, JSON text.
 * A value that does not fit an object schema (a DTO operation returning null) goes as text only.
 */
export function operationToolResult(tool: OperationTool, value: unknown): CallToolResult {
  if (tool.structured) {
    const structured = tool.wrapsResult ? { [WRAPPED_RESULT_KEY]: value ?? null } : value;
    if (isPlainObject(structured))
      return { content: [textContent(JSON.stringify(structured))], structuredContent: structured };
  }
  return { content: [textContent(JSON.stringify(value ?? null) ?? 'null')] };
}
