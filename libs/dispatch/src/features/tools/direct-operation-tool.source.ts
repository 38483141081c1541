import type { ClientFilters } from '@myko/filter';
import { type OperationContext, type OperationDescriptor, OperationInvoker, OperationRegistry } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { CommandApprovalGate } from '../operations/approval/command-approval.gate';
import { McpContextFactory } from '../operations/mcp-context.factory';
import { createOperationContext } from '../operations/operation-context.factory';
import { toClientFailure } from '../operations/operation-error.mapper';
import { reportRefusal } from '../operations/refusal.reporter';
import { type OperationTool, operationTool, operationToolResult } from './operation-tool.definition';
import type { CallToolResult, ToolDefinition } from './tool-definition.interface';
import type { ToolSource } from './tool-source.interface';

/**
 * One tool per visible operation (`direct` and `both` modes), named `<kind>_<id>` like the operation,
 * so filters match tools and operations alike. A call goes through `OperationInvoker` as a `myko.*`
 * call does: the same validation (invalid arguments list every field), the same abort signal, the
 * same invocation listeners (audit), the same approval of commands that need it. Business errors are
 * shown; anything else is logged and masked.
 */
@Injectable()
export class DirectOperationToolSource implements ToolSource {
  private tools?: ReadonlyMap<string, OperationTool>;
  private all?: readonly ToolDefinition[];
  /** The registry's list the tools were built from: rebuilt if it changes (it does not once sealed). */
  private builtFrom?: readonly OperationDescriptor[];
  /** The visible tools per filters object (gateways reuse one per distinct header set and profile). */
  private readonly visible = new WeakMap<ClientFilters, readonly ToolDefinition[]>();

  constructor(
    private readonly registry: OperationRegistry,
    private readonly invoker: OperationInvoker,
    private readonly contexts: McpContextFactory,
  ) {}

  list(filters: ClientFilters): readonly ToolDefinition[] {
    const all = this.definitions();
    if (filters.allowsAll) return all;
    let visible = this.visible.get(filters);
    if (!visible) {
      visible = all.filter((tool) => filters.isVisible(tool.name));
      this.visible.set(filters, visible);
    }
    return visible;
  }

  has(name: string, filters: ClientFilters): boolean {
    return this.registry.get(name) !== undefined && filters.isVisible(name);
  }

  async call(name: string, args: Record<string, unknown>, request: RequestContext): Promise<CallToolResult> {
    const tool = this.toolMap().get(name) as OperationTool;
    let value: unknown;
    try {
      value = await this.invoker.invoke(name, args, await this.approved(name, args, request));
    } catch (error) {
      throw toClientFailure(error, { as: 'tool-result' }, { label: name, request });
    }
    return operationToolResult(tool, value);
  }

  /** The call's context; a command that needs approval waits here until the user gives it (or throws). */
  private async approved(name: string, args: object, request: RequestContext): Promise<OperationContext> {
    const ctx = createOperationContext(name, request);
    if (this.registry.get(name)?.kind !== 'command') return ctx;
    const gate = new CommandApprovalGate(this.registry, this.invoker, request, this.contexts.create(request));
    // One call per request: its approval is the request's first (and only) one.
    return gate.approve(name, args, 0, ctx);
  }

  /** Records a call the client's filters refused (callability, or an operation it may not see), for the audit. */
  refused(name: string, args: Record<string, unknown>, reason: string, request: RequestContext): void {
    reportRefusal(this.invoker, request, name, args, reason);
  }

  /** Whether `name` is an operation hidden from this client: refused, but answered as an unknown tool. */
  isHidden(name: string, filters: ClientFilters): boolean {
    return this.registry.get(name) !== undefined && !filters.isVisible(name);
  }

  private definitions(): readonly ToolDefinition[] {
    this.toolMap();
    return this.all as readonly ToolDefinition[];
  }

  private toolMap(): ReadonlyMap<string, OperationTool> {
    const operations = this.registry.list();
    if (this.tools === undefined || this.builtFrom !== operations) {
      const tools = operations.map((op) => operationTool(op));
      this.tools = new Map(tools.map((tool) => [tool.definition.name, tool]));
      this.all = Object.freeze(tools.map((tool) => tool.definition));
      this.builtFrom = operations;
    }
    return this.tools;
  }
}
