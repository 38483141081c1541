import { performance } from 'node:perf_hooks';
import { Injectable, Logger } from '@nestjs/common';
import { OperationAbortedError, OperationNotFoundError } from './errors';
import type {
  InvocationListener,
  InvocationOutcome,
  OperationContext,
  OperationDescriptor,
  OperationInvocation,
  OperationKind,
} from './interfaces';
import { OperationRegistry } from './operation.registry';
import { isAborted, raceAbort, throwIfAborted } from './utils/abort.util';

/**
 * Runs an operation by name: validates the raw arguments against its DTO (whitelist, unknown keys
 * rejected, every bad field reported), then calls the method with the context. Every call of an
 * existing operation, and every refusal a caller reports, is told to the invocation listeners
 * (`onInvoked`), whichever door it came through.
 * @publicApi
 */
@Injectable()
export class OperationInvoker {
  private readonly logger = new Logger(OperationInvoker.name);
  private listeners: readonly InvocationListener[] = [];

  constructor(private readonly registry: OperationRegistry) {}

  /**
   * @throws OperationNotFoundError when no operation has that name
   * @throws InvalidArgumentsError when the arguments fail validation (listing every field)
   * @throws OperationAbortedError when `ctx.signal` is already aborted or aborts while running
   * Anything the method throws is rethrown as is.
   */
  async invoke(name: string, rawArgs: unknown, ctx: OperationContext): Promise<unknown> {
    const operation = this.registry.entryOf(name);
    if (!operation) throw new OperationNotFoundError(name);
    const startedAt = Date.now();
    const started = performance.now();
    const report = (outcome: InvocationOutcome, error?: unknown) =>
      this.notify(operation.descriptor, rawArgs, ctx, outcome, error, startedAt, performance.now() - started);
    try {
      if (isAborted(ctx)) throwIfAborted(name, ctx.signal);
      const args = await operation.validator.validate(rawArgs);
      // Validation is asynchronous: the request may have been cancelled meanwhile.
      if (isAborted(ctx)) throwIfAborted(name, ctx.signal);
      const value = operation.handler(args, ctx);
      // Only a pending result can be overtaken by a cancellation; a plain value is already the answer.
      const result = isThenable(value) ? await raceAbort(name, ctx.signal, value) : value;
      report('ok');
      return result;
    } catch (error) {
      report(error instanceof OperationAbortedError ? 'aborted' : 'error', error);
      throw error;
    }
  }

  /**
   * Validates the arguments as `invoke` does, and runs nothing: what a caller shows before the call
   * (an approval's summary) or records instead of it (plan mode). Not told to the listeners.
   * @throws OperationNotFoundError when no operation has that name
   * @throws InvalidArgumentsError when the arguments fail validation (listing every field)
   */
  validate(name: string, rawArgs: unknown): Promise<object> {
    const operation = this.registry.entryOf(name);
    if (!operation) return Promise.reject(new OperationNotFoundError(name));
    return operation.validator.validate(rawArgs);
  }

  /**
   * Plan mode: what the command's declared preview (`@Command({ preview })`) answers for validated
   * arguments, as `{ value }`; undefined when it declares none. Nothing is changed or audited.
   */
  async preview(name: string, args: object, ctx: OperationContext): Promise<{ value: unknown } | undefined> {
    const preview = this.registry.entryOf(name)?.preview;
    if (!preview) return undefined;
    const value = preview(args, ctx);
    return { value: isThenable(value) ? await raceAbort(name, ctx.signal, value) : value };
  }

  /**
   * Records a call a caller refused before invoking it (the client may not see or call the
   * operation, or not with these arguments), so listeners see refusals next to calls. A name shaped
   * like an operation (`<kind>_<id>`) that names none is recorded too: a hidden operation and a
   * missing one then cost the caller the same work (the audit line is the costly part), and probing
   * for commands shows in the audit log. Other names are ignored.
   */
  reportRefusal(name: string, rawArgs: unknown, ctx: OperationContext, reason: string): void {
    const operation = this.registry.get(name) ?? operationShaped(name);
    if (operation) this.notify(operation, rawArgs, ctx, 'refused', reason, Date.now(), 0);
  }

  /** Adds a listener for every later call; returns the function that removes it. */
  onInvoked(listener: InvocationListener): () => void {
    this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  private notify(
    operation: Pick<OperationDescriptor, 'name' | 'kind'>,
    args: unknown,
    context: OperationContext,
    outcome: InvocationOutcome,
    error: unknown,
    startedAt: number,
    durationMs: number,
  ): void {
    if (this.listeners.length === 0) return;
    const invocation: OperationInvocation = {
      name: operation.name,
      kind: operation.kind,
      args,
      context,
      outcome,
      ...(error === undefined ? {} : { error }),
      startedAt,
      durationMs,
    };
    for (const listener of this.listeners) {
      try {
        listener(invocation);
      } catch (failure) {
        this.logger.error(`Invocation listener failed on ${operation.name}: ${(failure as Error)?.stack ?? failure}`);
      }
    }
  }
}

const OPERATION_NAME = /^(query|view|report|command)_[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The name and kind of a name shaped like an operation's, or undefined. */
function operationShaped(name: string): Pick<OperationDescriptor, 'name' | 'kind'> | undefined {
  if (name.length > 200 || !OPERATION_NAME.test(name)) return undefined;
  return { name, kind: name.slice(0, name.indexOf('_')) as OperationKind };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}
