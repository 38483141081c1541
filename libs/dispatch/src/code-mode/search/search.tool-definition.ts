import { OPERATION_KINDS } from '@myko/registry';
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, SEARCH_MAX_QUERY_LENGTH, SEARCH_TOOL } from '../../dispatch.constants';
import type { ToolDefinition } from '../../features/tools/tool-definition.interface';

const DESCRIPTION = `Find operations to call from \`execute\`; use it first. Say the task in plain words; ranked, exact id first. JSON {operations, total, nextCursor?}, each {id, kind, description, args: [{name, tsType, optional}], outputType, output?: the result as TypeScript, watchable?}; no match adds {suggestions, hint}. No query lists all; \`kind\` filters. \`detail: "full"\` adds TypeScript declarations and JSON Schemas. Next page: nextCursor as \`cursor\`.
Example: {"query": "cancel an order", "limit": 3}`;

/** `search`: read-only lookup in the operation index. */
export const SEARCH_TOOL_DEFINITION: ToolDefinition = {
  name: SEARCH_TOOL,
  title: 'Search operations',
  description: DESCRIPTION,
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', maxLength: SEARCH_MAX_QUERY_LENGTH },
      kind: { type: 'string', enum: [...OPERATION_KINDS] },
      limit: { type: 'integer', minimum: 1, maximum: SEARCH_MAX_LIMIT, default: SEARCH_DEFAULT_LIMIT },
      cursor: { type: 'string' },
      detail: { type: 'string', enum: ['summary', 'full'], default: 'summary' },
    },
    additionalProperties: false,
  },
  // Compact on purpose: this definition is in the model's context on every turn; the description gives the shape.
  outputSchema: {
    type: 'object',
    properties: {
      operations: { type: 'array', items: { type: 'object' } },
      total: { type: 'integer' },
      nextCursor: { type: 'string' },
    },
    required: ['operations', 'total'],
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
};
