import { EXECUTE_TOOL } from '../dispatch.constants';
import type { ToolDefinition } from './tool-definition.interface';

const DESCRIPTION = `Run JavaScript against the backend in a sandbox and get back only the answer. Find operations with \`search\` first.
\`code\` is the body of an async function: use await, and return the value you want (sent back as JSON; no return gives null). Compute in the script and return a small result rather than whole lists.
Inside the script: await myko.query(id, args), myko.view(id, args), myko.report(id, args), myko.command(id, args). Each resolves to the operation's JSON result and throws an Error on failure (unknown operation, invalid arguments, refused call, business error), so try/catch works. console.log/info/warn/error output is returned as well. There is no require, process, fetch, timers or file access.
Commands change data. If the script fails, the result says which commands had already completed.
Example:
const orders = await myko.query('GetOrders', { customerId: 42 });
return orders.filter((o) => o.status === 'open').length;`;

/** `execute`: runs model-written code that may call commands, so it is not read-only. */
export function executeToolDefinition(maxTimeoutMs: number): ToolDefinition {
  return {
    name: EXECUTE_TOOL,
    title: 'Execute a script',
    description: DESCRIPTION,
    inputSchema: {
      type: 'object',
      properties: {
        code: {
          type: 'string',
          minLength: 1,
          description: 'The body of an async function; may use await and return.',
        },
        timeoutMs: {
          type: 'integer',
          minimum: 1,
          description: `Wall-clock limit in milliseconds; capped by the server maximum of ${maxTimeoutMs}.`,
        },
      },
      required: ['code'],
      additionalProperties: false,
    },
    annotations: { title: 'Execute a script', readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  };
}
