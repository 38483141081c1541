import { EXECUTE_TOOL } from '../../dispatch.constants';
import type { ToolDefinition } from '../../features/tools/tool-definition.interface';

const DESCRIPTION = `Run JavaScript against the backend in a sandbox; only the result comes back. Find operations with \`search\`.
\`code\` is the body of an async function: await calls and return a small JSON result (none gives null): compute in the script, not in the reply.
Call operations with await myko.query|view|report|command(id, args): each resolves to the JSON result (search's output) or throws an Error (unknown operation, with the closest; invalid args; refused; business error). myko.search(query, options?) and myko.describe(id) look operations up. console output is returned. No require, process, fetch, timers, files. Commands change data; a failed run lists the completed ones.
Example: const page = await myko.query('ListOrders', { customerId: 42, status: 'pending' }); return page.items.map((o) => o.id);`;

/** `execute`: runs model-written code that may call commands, so it is not read-only. */
export function executeToolDefinition(maxTimeoutMs: number): ToolDefinition {
  return {
    name: EXECUTE_TOOL,
    title: 'Execute a script',
    description: DESCRIPTION,
    inputSchema: {
      type: 'object',
      properties: {
        code: { type: 'string', minLength: 1, description: 'The body of an async function.' },
        timeoutMs: { type: 'integer', minimum: 1, description: `Wall-clock limit in ms, capped at ${maxTimeoutMs}.` },
      },
      required: ['code'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  };
}
