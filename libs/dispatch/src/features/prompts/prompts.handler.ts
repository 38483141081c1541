import { McpPrimitiveRegistry, type McpPromptEntry } from '@myko/mcp';
import { Injectable } from '@nestjs/common';
import { LIST_PAGE_SIZE } from '../../dispatch.constants';
import { InvalidParamsError, MethodNotFoundError } from '../../errors';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { isPlainObject } from '../../protocol/json-rpc/json-rpc.codec';
import type { JsonRpcParams } from '../../protocol/json-rpc/json-rpc.message';
import { pageOf } from '../../protocol/pagination/list-page';
import { McpContextFactory } from '../operations/mcp-context.factory';
import { toClientFailure } from '../operations/operation-error.mapper';
import { toListedPrompt, toPromptResult } from './prompt-result';

const LIST_SCOPE = 'prompts/list';

/**
 * `prompts/list` and `prompts/get` over the plugins' `@McpPrompt`s, visible by name under the same
 * globs as operations. Served only when a prompt exists (else -32601, as `prompts` is not declared).
 * Unknown or hidden prompts, missing required or unknown arguments are -32602.
 */
@Injectable()
export class PromptsHandler {
  constructor(
    private readonly registry: McpPrimitiveRegistry,
    private readonly contexts: McpContextFactory,
  ) {}

  list(params: JsonRpcParams, request: RequestContext): Record<string, unknown> {
    this.requireServed('prompts/list');
    const filters = request.client.filters;
    const visible = this.registry.prompts().filter((prompt) => filters.isVisible(prompt.name));
    const { items, nextCursor } = pageOf(visible, params.cursor, LIST_SCOPE, LIST_PAGE_SIZE);
    const prompts = items.map(toListedPrompt);
    return nextCursor ? { prompts, nextCursor } : { prompts };
  }

  async get(params: JsonRpcParams, request: RequestContext): Promise<Record<string, unknown>> {
    this.requireServed('prompts/get');
    const { name, arguments: raw = {} } = params;
    if (typeof name !== 'string') throw new InvalidParamsError('`name` must be the name of a prompt');
    const prompt = this.visiblePrompt(name, request);
    const args = checkArguments(prompt, raw);
    try {
      return toPromptResult(prompt, await prompt.handler(args, this.contexts.create(request)));
    } catch (error) {
      throw toClientFailure(error, { as: 'invalid-params' }, { label: `prompt ${name}`, request });
    }
  }

  /** The prompt when it exists and the client may see it; otherwise -32602, the same for both. */
  visiblePrompt(name: string, request: RequestContext): McpPromptEntry {
    const prompt = this.registry.prompt(name);
    if (!prompt || !request.client.filters.isVisible(name)) throw new InvalidParamsError(`Unknown prompt: ${name}`);
    return prompt;
  }

  private requireServed(method: string): void {
    if (this.registry.prompts().length === 0) throw new MethodNotFoundError(method);
  }
}

function checkArguments(prompt: McpPromptEntry, raw: unknown): Record<string, string> {
  if (!isPlainObject(raw)) throw new InvalidParamsError('`arguments` must be an object of strings');
  const problems: string[] = [];
  const declared = new Set(prompt.arguments.map((argument) => argument.name));
  for (const [key, value] of Object.entries(raw)) {
    if (!declared.has(key)) problems.push(`unknown argument \`${key}\``);
    else if (typeof value !== 'string') problems.push(`\`${key}\` must be a string`);
  }
  for (const argument of prompt.arguments) {
    if (argument.required && raw[argument.name] === undefined) problems.push(`\`${argument.name}\` is required`);
  }
  if (problems.length > 0) throw new InvalidParamsError(`${prompt.name}: ${problems.join('; ')}`);
  return raw as Record<string, string>;
}
