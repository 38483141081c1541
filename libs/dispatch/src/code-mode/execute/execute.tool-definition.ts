import { EXECUTE_TOOL } from '../../dispatch.constants';
import type { ToolDefinition } from '../../features/tools/tool-definition.interface';

/** The example call sits inside the sentence that explains it: a separate `Example:` line said the same in 38 more bytes. */
const DESCRIPTION = `Runs an async JavaScript function body in a sandbox. await myko.<kind>(id, args), e.g. myko.query('ListOrders', { status: 'paid' }), calls an operation: its JSON result, or an Error saying why; also myko.search, myko.describe. Return only the answer (JSON); console output comes back too. No require, process, fetch, timers. mode plan: reads run, commands are only listed.`;

/**
 * Said only when scripts are type-checked, in the fewest bytes every conversation reads: that TypeScript is
 * accepted. That the check comes first needs no bytes here: a refusal says so itself.
 */
const TYPE_CHECKED = 'JavaScript (or TypeScript)';

/**
 * `execute`: runs model-written code that may call commands, so it is not read-only. `typeChecked`: the
 * server checks scripts before they run (`typeCheck` not `off`), so the model may write TypeScript.
 */
export function executeToolDefinition(maxTimeoutMs: number, typeChecked = false): ToolDefinition {
  return {
    name: EXECUTE_TOOL,
    title: 'Execute a script',
    description: typeChecked ? DESCRIPTION.replace('JavaScript', TYPE_CHECKED) : DESCRIPTION,
    inputSchema: {
      type: 'object',
      properties: {
        code: { type: 'string', minLength: 1 },
        timeoutMs: { type: 'integer', minimum: 1, description: `ms, capped at ${maxTimeoutMs}` },
        mode: { enum: ['run', 'plan'] },
      },
      required: ['code'],
      additionalProperties: false,
    },
    // readOnlyHint false and destructiveHint true are MCP's defaults: said by leaving them out.
    annotations: { openWorldHint: false },
    // A long script may be started as an MCP task and its result fetched later (tasks/get, tasks/result).
    execution: { taskSupport: 'optional' },
  };
}
