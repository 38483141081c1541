import type { ToolMode } from '@myko/access';
import { OperationRegistry } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { EXECUTE_TOOL, LIST_PAGE_SIZE } from '../../dispatch.constants';
import { InvalidParamsError, MethodNotFoundError, ToolExecutionError, UnknownToolError } from '../../errors';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { isPlainObject } from '../../protocol/json-rpc/json-rpc.codec';
import type { JsonRpcParams } from '../../protocol/json-rpc/json-rpc.message';
import { pageOf } from '../../protocol/pagination/list-page';
import { MissingTasksExtensionError } from '../tasks/missing-tasks-extension.error';
import { modernCreateTaskResult } from '../tasks/modern-task-wire';
import { declaresTasks, isModernRequest } from '../tasks/task-era';
import { type TaskInput, TaskRunner } from '../tasks/task-runner';
import { createTaskResult } from '../tasks/task-wire';
import { CodeModeToolSource } from './code-mode-tool.source';
import { CustomToolSource } from './custom-tool.source';
import { DirectOperationToolSource } from './direct-operation-tool.source';
import type { CallToolResult } from './tool-definition.interface';
import { ToolModeResolver } from './tool-mode.resolver';
import { toolError } from './tool-result';
import type { ToolSource } from './tool-source.interface';

const LIST_SCOPE = 'tools/list';

/**
 * `tools/list` and `tools/call` over the tool sources of the client's tool mode (`code`: meta tools,
 * then custom tools; `direct`: custom tools, then one tool per operation; `both`: all three), with
 * MCP 2025-06-18 error semantics: a hidden or unknown tool and malformed call params are protocol
 * errors; refusals, bad arguments and failures are tool results with `isError: true`.
 */
@Injectable()
export class ToolsHandler {
  private readonly sources: Readonly<Record<ToolMode, readonly ToolSource[]>>;

  constructor(
    private readonly registry: OperationRegistry,
    private readonly modes: ToolModeResolver,
    private readonly meta: CodeModeToolSource,
    private readonly custom: CustomToolSource,
    private readonly direct: DirectOperationToolSource,
    private readonly tasks: TaskRunner,
  ) {
    this.sources = { code: [meta, custom], direct: [custom, direct], both: [meta, custom, direct] };
  }

  list(params: JsonRpcParams, request: RequestContext): Record<string, unknown> {
    const filters = request.client.filters;
    const mode = this.modes.modeOf(request.client);
    const tools = this.sources[mode].flatMap((source) => source.list(filters));
    const { items, nextCursor } = pageOf(tools, params.cursor, `${LIST_SCOPE}\u0000${mode}`, LIST_PAGE_SIZE);
    return nextCursor ? { tools: items, nextCursor } : { tools: items };
  }

  /**
   * The tool's result; for a tool that may run as a task (`execute`, plugin tools declaring `taskSupport`), the
   * task, at once: asked with `task` (2025-11-25), or whenever the request declares the tasks extension (2026-07-28).
   */
  async call(params: JsonRpcParams, request: RequestContext): Promise<CallToolResult | Record<string, unknown>> {
    const { name, arguments: args = {} } = params;
    if (typeof name !== 'string') throw new InvalidParamsError('`name` must be the name of a tool');
    if (!isPlainObject(args)) throw new InvalidParamsError('`arguments` must be an object');
    // 2026-07-28: the server decides (the extension declared); a legacy `task` param is tolerated and ignored.
    const modern = isModernRequest(request);
    const task = modern ? undefined : taskParamsOf(params);
    const filters = request.client.filters;
    const mode = this.modes.modeOf(request.client);
    const source = this.sources[mode].find((candidate) => candidate.has(name, filters));
    if (!source) return this.notATool(name, args, mode, request);
    const refusal = filters.checkCallable(name, args, this.registry.canonOf(name));
    if (refusal !== undefined) {
      source.refused?.(name, args, refusal, request);
      return toolError(refusal);
    }
    const support = this.taskSupportOf(name, source);
    if (modern) {
      if (support && declaresTasks(request)) {
        if (source === this.custom && this.custom.inputBeforeTask(name)) return this.inputThenTask(name, args, request);
        return modernCreateTaskResult(await this.startTask(name, args, request));
      }
      if (support === 'required') throw new MissingTasksExtensionError();
    } else if (task) {
      if (!support) throw new MethodNotFoundError(`tools/call as a task of ${name}`);
      return createTaskResult(await this.startTask(name, args, request, task.ttl));
    }
    return this.run(source, name, args, request);
  }

  /** The tool's result: a tool execution error is a result with `isError`, as MCP has it. */
  private async run(
    source: ToolSource,
    name: string,
    args: Record<string, unknown>,
    request: RequestContext,
  ): Promise<CallToolResult> {
    try {
      return await source.call(name, args, request);
    } catch (error) {
      if (error instanceof ToolExecutionError) return toolError(error.message);
      throw error;
    }
  }

  /** Whether the tool may run as a task: `execute`, and plugin tools that declare it. */
  private taskSupportOf(name: string, source: ToolSource): 'optional' | 'required' | undefined {
    if (source === this.meta) return name === EXECUTE_TOOL ? 'optional' : undefined;
    return source === this.custom ? this.custom.taskSupport(name) : undefined;
  }

  private startTask(name: string, args: Record<string, unknown>, request: RequestContext, ttl?: number) {
    if (name === EXECUTE_TOOL) return this.tasks.startExecute(args, request, ttl);
    return this.tasks.startRun(request, (detached) => this.run(this.custom, name, args, detached), ttl);
  }

  /**
   * A tool whose first input comes before its task (`inputBeforeTask`): its run asks it through this request's
   * round. Unanswered, the request answers `input_required` (the round's) and no task is given; answered (or
   * never asked), the call is a task from there on.
   */
  private async inputThenTask(name: string, args: Record<string, unknown>, request: RequestContext) {
    const round = request.input;
    if (!round) return modernCreateTaskResult(await this.startTask(name, args, request));
    let answered!: () => void;
    let ended!: () => void;
    const passed = new Promise<void>((resolve) => {
      answered = resolve;
    });
    const done = new Promise<void>((resolve) => {
      ended = resolve;
    });
    const run = async (detached: RequestContext) => {
      try {
        return await this.run(this.custom, name, args, detached);
      } finally {
        ended();
      }
    };
    const first: TaskInput = async (asked) => {
      const answers = round.ask(asked);
      answered();
      return answers;
    };
    const task = await this.tasks.startRun(request, run, undefined, first);
    await Promise.race([passed, done]);
    // The round's own answer (`input_required`) replaces this one when it still needs input.
    return round.needsInput ? toolError('Waiting for input') : modernCreateTaskResult(task);
  }

  /**
   * Code Mode tells a caller of a visible operation's old tool name to use `search` and `execute`.
   * Where operations are tools, a hidden one is an unknown tool, and the attempt is audited.
   */
  private notATool(
    name: string,
    args: Record<string, unknown>,
    mode: ToolMode,
    request: RequestContext,
  ): CallToolResult {
    const filters = request.client.filters;
    if (mode !== 'code') {
      // Hidden or missing, the same work: an audited refusal (names not shaped like operations are ignored).
      const hidden = this.direct.isHidden(name, filters);
      this.direct.refused(
        name,
        args,
        `${name} is ${hidden ? 'not visible to this client' : 'not an operation'}`,
        request,
      );
      throw new UnknownToolError(name);
    }
    const hint = this.meta.unknownToolHint(name, filters);
    if (hint === undefined) throw new UnknownToolError(name);
    return toolError(hint);
  }
}

/** `params.task` (2025-11-25): absent, or an object with an optional `ttl` (ms, a positive integer). */
function taskParamsOf(params: JsonRpcParams): { ttl?: number } | undefined {
  const { task } = params;
  if (task === undefined) return undefined;
  if (!isPlainObject(task)) throw new InvalidParamsError('`task` must be an object');
  const { ttl } = task;
  if (ttl === undefined || ttl === null) return {};
  if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 1) {
    throw new InvalidParamsError('`task.ttl` must be a positive integer (ms)');
  }
  return { ttl };
}
