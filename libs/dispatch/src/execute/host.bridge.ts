import {
  type ClientInfo,
  InvalidArgumentsError,
  OperationAbortedError,
  type OperationContext,
  OperationError,
  type OperationInvoker,
  OperationNotFoundError,
  type OperationRegistry,
} from '@myko/registry';
import type { SandboxBridge, SandboxCallKind } from '@myko/sandbox';
import { Logger } from '@nestjs/common';
import { CallRefusedError } from '../errors';
import type { RequestContext } from '../interfaces/request-context.interface';
import type { OperationCallOutcome } from '../observe/request-observer.interface';
import type { CommandJournal } from './command-journal';
import { clientInfoOf, createOperationContext } from './operation-context.factory';
import { reportRefusal } from './refusal.reporter';

/** Longest operation id echoed back in an error, so a script cannot make the host build huge messages. */
const MAX_ECHOED_ID = 200;

/**
 * The host side of `myko.*` for one `execute` run. Each call is re-checked as if it came over the
 * wire: visibility (a hidden operation is indistinguishable from an unknown one), callability,
 * argument validation, then invocation with the request's abort signal. Errors cross into the
 * script by name and message only; anything that is not an `OperationError` is masked and logged.
 */
export class HostBridge implements SandboxBridge {
  private static readonly logger = new Logger('ExecuteBridge');
  /** The operations this run has called: each known to exist and be visible, with its context. */
  private readonly admitted = new Map<string, OperationContext>();
  private client?: ClientInfo;

  constructor(
    private readonly registry: OperationRegistry,
    private readonly invoker: OperationInvoker,
    private readonly request: RequestContext,
    private readonly journal: CommandJournal,
  ) {}

  async call(kind: SandboxCallKind, id: string, argsJson: string): Promise<string> {
    const name = `${kind}_${String(id).slice(0, MAX_ECHOED_ID)}`;
    const end = this.request.operationCall?.(name);
    if (!end) return this.checkAndInvoke(name, kind, argsJson);
    try {
      const result = await this.checkAndInvoke(name, kind, argsJson);
      end('ok');
      return result;
    } catch (error) {
      end(callOutcome(error));
      throw error;
    }
  }

  private async checkAndInvoke(name: string, kind: SandboxCallKind, argsJson: string): Promise<string> {
    const ctx = this.admitted.get(name) ?? this.admit(name, argsJson);
    const args = parseArguments(name, argsJson);
    const refusal = this.request.client.filters.checkCallable(name, args);
    if (refusal !== undefined) {
      reportRefusal(this.invoker, this.request, name, args, refusal);
      throw new CallRefusedError(refusal);
    }
    if (this.request.signal.aborted) throw new OperationAbortedError(name, 'the execution was stopped');
    return this.invoke(name, kind, args, ctx);
  }

  /**
   * First call of an operation in this run. Filters and the registry are fixed for the run, so
   * existence and visibility are checked once (a refused name is checked, and reported, on every
   * call); the context holds nothing per call, so it is kept too.
   */
  private admit(name: string, argsJson: string): OperationContext {
    if (!this.registry.get(name)) throw new OperationNotFoundError(name);
    if (!this.request.client.filters.isVisible(name)) {
      // Indistinguishable from an unknown operation for the script; recorded as a refusal for the audit.
      reportRefusal(this.invoker, this.request, name, argsJson, `${name} is not visible to this client`);
      throw new OperationNotFoundError(name);
    }
    this.client ??= clientInfoOf(this.request);
    const ctx = createOperationContext(name, this.request, this.client);
    this.admitted.set(name, ctx);
    return ctx;
  }

  private async invoke(name: string, kind: SandboxCallKind, args: object, ctx: OperationContext): Promise<string> {
    const record = kind === 'command' ? this.journal.start(name) : undefined;
    let result: unknown;
    try {
      result = await this.invoker.invoke(name, args, ctx);
    } catch (error) {
      const scriptError = this.toScriptError(name, error);
      if (record && error instanceof OperationAbortedError) this.journal.interrupt(record);
      else if (record) this.journal.fail(record, scriptError);
      throw scriptError;
    }
    if (record) this.journal.complete(record);
    try {
      return JSON.stringify(result ?? null) ?? 'null';
    } catch (error) {
      throw this.toScriptError(name, error);
    }
  }

  private toScriptError(name: string, error: unknown): Error {
    if (error instanceof OperationError) return error;
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    HostBridge.logger.error(`Internal error in ${name} (session ${this.request.client.sessionId}): ${detail}`);
    const masked = new Error(`Internal error in ${name}`);
    masked.name = 'InternalError';
    return masked;
  }
}

/** How a failed call ended, for observers (traces). */
function callOutcome(error: unknown): OperationCallOutcome {
  if (error instanceof CallRefusedError || error instanceof OperationNotFoundError) return 'refused';
  return error instanceof OperationAbortedError ? 'aborted' : 'error';
}

/** `myko.x(id)` sends `{}`; anything but a JSON object is refused before the filters see it. */
function parseArguments(name: string, argsJson: string): object {
  let args: unknown;
  try {
    args = argsJson === '' ? {} : JSON.parse(argsJson);
  } catch {
    throw new InvalidArgumentsError(name, [{ path: 'args', reasons: ['must be JSON-serializable'] }]);
  }
  if (args === null || args === undefined) return {};
  if (typeof args !== 'object' || Array.isArray(args)) {
    throw new InvalidArgumentsError(name, [{ path: 'args', reasons: ['must be an object'] }]);
  }
  return args;
}
