import { MAX_COMPLETION_VALUES, type McpCompleter, McpPrimitiveRegistry } from '@myko/mcp';
import { Injectable } from '@nestjs/common';
import { SCHEMA_URI_TEMPLATE, SEARCH_MAX_QUERY_LENGTH } from '../../dispatch.constants';
import { InvalidParamsError } from '../../errors';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { isPlainObject } from '../../protocol/json-rpc/json-rpc.codec';
import type { JsonRpcParams } from '../../protocol/json-rpc/json-rpc.message';
import { toClientFailure } from '../operations/operation-error.mapper';
import { PromptsHandler } from '../prompts/prompts.handler';
import { SchemaTemplateCompleter } from './schema-template.completer';

type Completer = (
  value: string,
  context: Readonly<Record<string, string>>,
) => readonly string[] | Promise<readonly string[]>;

/**
 * `completion/complete` for prompt arguments (`ref/prompt`) and resource template variables
 * (`ref/resource` with the template string): the provider's values, at most 100, with `total` and
 * `hasMore`. An argument without a provider completes to nothing; unknown refs, and values longer
 * than a `search` query may be, are -32602.
 */
@Injectable()
export class CompletionHandler {
  constructor(
    private readonly registry: McpPrimitiveRegistry,
    private readonly prompts: PromptsHandler,
    private readonly schemaCompleter: SchemaTemplateCompleter,
  ) {}

  async complete(params: JsonRpcParams, request: RequestContext): Promise<Record<string, unknown>> {
    const { ref, argument, context } = params;
    if (!isPlainObject(ref)) throw new InvalidParamsError('`ref` must be a ref/prompt or ref/resource object');
    if (!isPlainObject(argument) || typeof argument.name !== 'string' || typeof argument.value !== 'string') {
      throw new InvalidParamsError('`argument` must be { name: string, value: string }');
    }
    if (argument.value.length > SEARCH_MAX_QUERY_LENGTH) {
      throw new InvalidParamsError(
        `\`argument.value\` must be at most ${SEARCH_MAX_QUERY_LENGTH.toLocaleString('en-US')} characters`,
      );
    }
    const chosen = isPlainObject(context) && isPlainObject(context.arguments) ? stringsOf(context.arguments) : {};
    const completer = this.completerFor(ref, argument.name, request);
    let values: readonly string[] = [];
    try {
      values = completer ? await completer(argument.value, chosen) : [];
    } catch (error) {
      throw toClientFailure(error, { as: 'invalid-params' }, { label: 'completion', request });
    }
    const unique = [...new Set(values.filter((value) => typeof value === 'string'))];
    return {
      completion: {
        values: unique.slice(0, MAX_COMPLETION_VALUES),
        total: unique.length,
        hasMore: unique.length > MAX_COMPLETION_VALUES,
      },
    };
  }

  private completerFor(ref: Record<string, unknown>, argument: string, request: RequestContext): Completer | undefined {
    const filters = request.client.filters;
    if (ref.type === 'ref/prompt' && typeof ref.name === 'string') {
      const declared = this.prompts.visiblePrompt(ref.name, request).arguments.find((a) => a.name === argument);
      if (!declared) throw new InvalidParamsError(`prompt ${ref.name} has no argument \`${argument}\``);
      return declared.complete && withArguments(declared.complete);
    }
    if (ref.type === 'ref/resource' && typeof ref.uri === 'string') {
      if (ref.uri === SCHEMA_URI_TEMPLATE) {
        return (value, chosen) => this.schemaCompleter.complete(argument, value, chosen, filters);
      }
      const template = this.registry.template(ref.uri);
      if (!template || !filters.isVisible(template.name))
        throw new InvalidParamsError(`Unknown resource template: ${ref.uri}`);
      if (!template.variables.includes(argument)) {
        throw new InvalidParamsError(`template ${ref.uri} has no variable {${argument}}`);
      }
      const completer = template.complete[argument];
      return completer && withArguments(completer);
    }
    throw new InvalidParamsError('`ref` must be { type: "ref/prompt", name } or { type: "ref/resource", uri }');
  }
}

function withArguments(completer: McpCompleter): Completer {
  return (value, chosen) => completer(value, { arguments: chosen });
}

function stringsOf(record: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => typeof value === 'string')) as Record<
    string,
    string
  >;
}
