import { OPERATION_KINDS } from '@myko/registry';
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, SEARCH_TOOL } from '../dispatch.constants';
import type { ToolDefinition } from './tool-definition.interface';

const DESCRIPTION = `Find the backend operations you can call from \`execute\`. Call it before \`execute\`.
Returns JSON {operations, total, nextCursor?}; each operation is {id, kind, description, args: [{name, tsType, optional}], outputType}.
Every word of \`query\` must match (case-insensitive, prefixes count) the operation id or a camelCase part of it, its description, or an argument name: "order customer" finds GetOrdersByCustomer. Best matches come first: exact id, then id prefix, then a word of the id, then description. Omit \`query\` to list everything; \`kind\` narrows to query | view | report | command.
Pass \`detail: "full"\` to also get the exact TypeScript call (e.g. myko.query('GetOrders', args: { customerId: number }): Promise<Order[]>) and the JSON Schemas. When nextCursor is present, repeat the same search with \`cursor\` to get the next page.`;

const ARGUMENT_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    tsType: { type: 'string' },
    optional: { type: 'boolean' },
    description: { type: 'string' },
  },
  required: ['name', 'tsType', 'optional'],
};

/** `search`: read-only lookup in the operation index. */
export const SEARCH_TOOL_DEFINITION: ToolDefinition = {
  name: SEARCH_TOOL,
  title: 'Search operations',
  description: DESCRIPTION,
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'Words to match; all must match. Omit to list every operation.' },
      kind: { type: 'string', enum: [...OPERATION_KINDS], description: 'Only operations of this kind.' },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: SEARCH_MAX_LIMIT,
        default: SEARCH_DEFAULT_LIMIT,
        description: `Page size (default ${SEARCH_DEFAULT_LIMIT}, max ${SEARCH_MAX_LIMIT}).`,
      },
      cursor: { type: 'string', description: 'The nextCursor of a previous identical search.' },
      detail: {
        type: 'string',
        enum: ['summary', 'full'],
        default: 'summary',
        description: '"full" adds the TypeScript declaration of the call and the JSON Schemas.',
      },
    },
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      operations: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            kind: { type: 'string', enum: [...OPERATION_KINDS] },
            description: { type: 'string' },
            args: { type: 'array', items: ARGUMENT_SCHEMA },
            outputType: { type: 'string' },
            declaration: { type: 'string' },
            inputSchema: { type: 'object' },
            outputSchema: { type: 'object' },
          },
          required: ['id', 'kind', 'args', 'outputType'],
        },
      },
      total: { type: 'integer', minimum: 0 },
      nextCursor: { type: 'string' },
    },
    required: ['operations', 'total'],
  },
  annotations: { title: 'Search operations', readOnlyHint: true, openWorldHint: false },
};
