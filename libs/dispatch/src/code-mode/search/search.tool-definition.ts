import { OPERATION_KINDS } from '@myko/registry';
import { SEARCH_MAX_LIMIT, SEARCH_MAX_QUERY_LENGTH, SEARCH_TOOL } from '../../dispatch.constants';
import type { ToolDefinition } from '../../features/tools/tool-definition.interface';

const DESCRIPTION = `Find operations: \`queries\` (words or ids) for all the task needs. Sure ones: TypeScript signatures and types; others a line. \`kind\` narrows; \`detail: "full"\` adds schemas.`;

/**
 * `search`: read-only lookup in the operation index. Compact on purpose: this definition is in the
 * model's context on every turn, so it says what the answer looks like once and nothing that the
 * `execute` tool or the instructions say (defaults: `limit` 20, `detail` "summary"). No output schema:
 * `{ type: 'object' }` told a model nothing (every `structuredContent` is an object; `execute`
 * declares none either) for 32 bytes of every conversation.
 */
export const SEARCH_TOOL_DEFINITION: ToolDefinition = {
  name: SEARCH_TOOL,
  title: 'Search operations',
  description: DESCRIPTION,
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', maxLength: SEARCH_MAX_QUERY_LENGTH },
      queries: { type: 'array', items: { type: 'string' } },
      kind: { type: 'string', enum: [...OPERATION_KINDS] },
      limit: { type: 'integer', minimum: 1, maximum: SEARCH_MAX_LIMIT },
      cursor: { type: 'string' },
      detail: { type: 'string', enum: ['summary', 'full'] },
    },
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
};
