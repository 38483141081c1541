import { Injectable } from '@nestjs/common';
import { OperationNotFoundError } from './errors';
import type { OperationContext } from './interfaces';
import { OperationRegistry } from './operation.registry';
import { raceAbort, throwIfAborted } from './utils/abort.util';

/**
 * Runs an operation by name: validates the raw arguments against its DTO (whitelist, unknown keys
 * rejected, every bad field reported), then calls the method with the context.
 * @publicApi
 */
@Injectable()
export class OperationInvoker {
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
    throwIfAborted(name, ctx.signal);
    const args = await operation.validator.validate(rawArgs);
    // Validation is asynchronous: the request may have been cancelled meanwhile.
    return raceAbort(name, ctx.signal, () => operation.handler(args, ctx));
  }
}
