import { EXECUTE_TOOL } from '../../dispatch.constants';
import type { ToolDefinition } from '../../features/tools/tool-definition.interface';

const DESCRIPTION = `Run the body of an async JavaScript function in a sandbox; its return value (JSON) and console output come back. Call operations with await myko.<kind>(id, args): the JSON result, or an Error saying what was wrong. myko.search and myko.describe work inside. Return only the answer. No require, process, fetch or timers. Commands change data; a failed run lists those it completed.
Example: const p = await myko.query('ListOrders', { status: 'pending' }); return p.total;`

/** `execute`: runs model-written code that may call commands, so it is not read-only. */
export function executeToolDefinition(maxTimeoutMs: number): ToolDefinition {
  return {
    name: EXECUTE_TOOL,
    title: 'Execute a script',
    description: DESCRIPTION,
    inputSchema: {
      type: 'object',
      properties: {
        code: { type: 'string', minLength: 1 },
        timeoutMs: { type: 'integer', minimum: 1, description: `ms, capped at ${maxTimeoutMs}` },
      },
      required: ['code'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  };
}
