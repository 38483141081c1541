import type { ClientFilters } from '@myko/filter';
import {
  InvalidArgumentsError,
  OperationAbortedError,
  OperationError,
  type OperationInvoker,
  OperationNotFoundError,
  type OperationRegistry,
} from '@myko/registry';
import type { SandboxBridge, SandboxCallKind } from '@myko/sandbox';
import { Logger } from '@nestjs/common';
import { CallRefusedError } from '../errors';
import type { RequestContext } from '../interfaces/request-context.interface';
import type { CommandJournal } from './command-journal';
import { createOperationContext } from './operation-context.factory';

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

  constructor(
    private readonly registry: OperationRegistry,
    private readonly invoker: OperationInvoker,
    private readonly request: RequestContext,
    private readonly journal: CommandJournal,
  ) {}

  async call(kind: SandboxCallKind, id: string, argsJson: string): Promise<string> {
    const name = `${kind}_${String(id).slice(0, MAX_ECHOED_ID)}`;
    const filters: ClientFilters = this.request.client.filters;
    if (!this.registry.get(name) || !filters.isVisible(name)) throw new OperationNotFoundError(name);
    const args = parseArguments(name, argsJson);
    const refusal = filters.checkCallable(name, args);
    if (refusal !== undefined) throw new CallRefusedError(refusal);
    if (this.request.signal.aborted) throw new OperationAbortedError(name, 'the execution was stopped');
    return this.invoke(name, kind, args);
  }

  private async invoke(name: string, kind: SandboxCallKind, args: object): Promise<string> {
    const record = kind === 'command' ? this.journal.start(name) : undefined;
    let result: unknown;
    try {
      result = await this.invoker.invoke(name, args, createOperationContext(name, this.request));
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
