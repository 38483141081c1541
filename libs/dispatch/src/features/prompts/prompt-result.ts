import type { McpPromptEntry, McpPromptReturn } from '@myko/mcp';
import { isPlainObject } from '../../protocol/json-rpc/json-rpc.codec';

/**
 * The `prompts/get` result of what a prompt handler returned: a string is one user text message,
 * an array is the messages; the description defaults to the prompt's.
 * @throws Error when the handler returned something else
 */
export function toPromptResult(prompt: McpPromptEntry, value: McpPromptReturn): Record<string, unknown> {
  if (typeof value === 'string') {
    return { description: prompt.description, messages: [{ role: 'user', content: { type: 'text', text: value } }] };
  }
  if (Array.isArray(value)) return { description: prompt.description, messages: value };
  if (isPlainObject(value) && Array.isArray(value.messages)) return { description: prompt.description, ...value };
  throw new Error(`prompt ${prompt.name} returned neither a string, messages nor { messages }`);
}

/** A `prompts/list` item: the public fields of a prompt, without its completion providers. */
export function toListedPrompt(prompt: McpPromptEntry): Record<string, unknown> {
  const listed: Record<string, unknown> = { name: prompt.name, description: prompt.description };
  if (prompt.title !== undefined) listed.title = prompt.title;
  listed.arguments = prompt.arguments.map(({ name, title, description, required }) => {
    const argument: Record<string, unknown> = { name };
    if (title !== undefined) argument.title = title;
    if (description !== undefined) argument.description = description;
    if (required !== undefined) argument.required = required;
    return argument;
  });
  return listed;
}
