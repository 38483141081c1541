import { EXECUTE_TOOL } from '../../dispatch.constants';
import type { ToolDefinition } from '../../features/tools/tool-definition.interface';

const DESCRIPTION = `Run the body of an async JavaScript function in a sandbox. await myko.<kind>(id, args) calls an operation: its JSON result, or an Error saying why not; myko.search and myko.describe work too. The return value (JSON) and console output come back: return only the answer. No require, process, fetch or timers. A failed run lists the commands it completed.
Example: const p = await myko.query('ListOrders', { status: 'pending' }); return p.total;`;

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
    // readOnlyHint false and destructiveHint true are MCP's defaults: said by leaving them out.
    annotations: { openWorldHint: false },
  };
}
