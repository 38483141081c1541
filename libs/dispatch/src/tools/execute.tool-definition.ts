import { EXECUTE_TOOL } from '../dispatch.constants';
import type { ToolDefinition } from './tool-definition.interface';

const DESCRIPTION = `Run JavaScript against the backend in a sandbox; only the result comes back. Find operations with \`search\` first.
\`code\` is the body of an async function: await calls and return a small JSON result (no return gives null); compute in the script instead of returning whole lists.
Call operations with await myko.query|view|report|command(id, args): each resolves to the JSON result or throws an Error (unknown operation, invalid arguments, refused call, business error). console output is returned too. No require, process, fetch, timers or files. Commands change data; a failed run lists the commands that had completed.
Example: const orders = await myko.query('GetOrders', { customerId: 42 }); return orders.filter((o) => o.status === 'open').length;`;

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
