import type { ClientFilters } from '@myko/filter';
import {
  McpPrimitiveRegistry,
  type McpResourceHandler,
  type McpResourceOperationArgs,
  type McpStaticResourceEntry,
  type McpTemplateResourceEntry,
} from '@myko/mcp';
import { OperationRegistry } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { ResourceNotFoundError } from '../../errors';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { McpContextFactory } from '../operations/mcp-context.factory';
import { toClientFailure } from '../operations/operation-error.mapper';
import { toResourceContents } from './resource-contents';

/** A readable custom resource: the static entry or the template that matched, and its variables. */
interface ResolvedResource {
  name: string;
  operation?: string;
  operationArgs?: McpResourceOperationArgs;
  mimeType?: string;
  handler: McpResourceHandler;
  variables: Record<string, string>;
}

/**
 * The plugins' `@McpResource`s: static resources and templates, visible by their `name` under the
 * same globs as operations. A resource backed by an operation (`operation`) is also subject to that
 * operation's visibility and callability: its `operationArgs` must pass the rules, and without them
 * any rule on the operation hides it. A URI that is unknown, hidden, or that the handler reports
 * missing (`NotFoundError`) answers -32002.
 */
@Injectable()
export class CustomResourceCatalog {
  constructor(
    private readonly registry: McpPrimitiveRegistry,
    private readonly contexts: McpContextFactory,
    private readonly operations: OperationRegistry,
  ) {}

  /** `resources/list` items of the visible static resources. */
  list(filters: ClientFilters): Record<string, unknown>[] {
    return this.registry
      .resources()
      .filter((resource) => this.allows(resource, {}, filters))
      .map(toListedResource);
  }

  /** `resources/templates/list` items of the visible templates. */
  templates(filters: ClientFilters): Record<string, unknown>[] {
    return this.registry
      .templates()
      .filter((template) => this.allows(template, undefined, filters))
      .map(toListedTemplate);
  }

  /** Whether `uri` names a visible custom resource (static, or matching a visible template). */
  has(uri: string, filters: ClientFilters): boolean {
    return this.resolve(uri, filters) !== undefined;
  }

  async read(uri: string, request: RequestContext): Promise<Record<string, unknown>> {
    const resource = this.resolve(uri, request.client.filters);
    if (!resource) throw new ResourceNotFoundError(uri);
    let value: Awaited<ReturnType<McpResourceHandler>>;
    try {
      value = await resource.handler({ uri, variables: resource.variables }, this.contexts.create(request));
    } catch (error) {
      throw toClientFailure(error, { as: 'resource', uri }, { label: `resource ${uri}`, request });
    }
    return { contents: toResourceContents(uri, resource.mimeType, value) };
  }

  private resolve(uri: string, filters: ClientFilters): ResolvedResource | undefined {
    const fixed = this.registry.resource(uri);
    if (fixed) return this.allows(fixed, {}, filters) ? { ...fixed, variables: {} } : undefined;
    const matched = this.registry.matchTemplate(uri);
    if (!matched || !this.allows(matched.template, matched.variables, filters)) return undefined;
    return { ...matched.template, variables: matched.variables };
  }

  /**
   * Visible by name, and where an operation backs it, allowed by that operation's rules for the
   * arguments it stands for. `variables` undefined: a template being listed, checked when read.
   */
  private allows(
    resource: Pick<ResolvedResource, 'name' | 'operation' | 'operationArgs'>,
    variables: Readonly<Record<string, string>> | undefined,
    filters: ClientFilters,
  ): boolean {
    if (!filters.isVisible(resource.name)) return false;
    const { operation, operationArgs } = resource;
    if (operation === undefined) return true;
    if (!filters.isVisible(operation)) return false;
    if (!filters.hasCallableRule(operation)) return true;
    if (operationArgs === undefined) return false;
    if (typeof operationArgs === 'function' && variables === undefined) return true;
    const args = typeof operationArgs === 'function' ? operationArgs(variables ?? {}) : operationArgs;
    return filters.checkCallable(operation, args, this.operations.canonOf(operation)) === undefined;
  }
}

function toListedResource(resource: McpStaticResourceEntry): Record<string, unknown> {
  const { uri, name, title, description, mimeType, size, annotations } = resource;
  return withoutUndefined({ uri, name, title, description, mimeType, size, annotations });
}

function toListedTemplate(template: McpTemplateResourceEntry): Record<string, unknown> {
  const { uriTemplate, name, title, description, mimeType, annotations } = template;
  return withoutUndefined({ uriTemplate, name, title, description, mimeType, annotations });
}

function withoutUndefined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
