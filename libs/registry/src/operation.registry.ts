import { Injectable } from '@nestjs/common';
import { checkCompensations } from './compensation.checker';
import { OperationRegistrationError } from './errors';
import type { OperationDescriptor, OperationHandler, ProgrammaticOperation } from './interfaces';
import type { RegisteredOperation } from './interfaces/registered-operation.interface';
import { type OperationDefinition, OperationDescriptorFactory } from './operation-descriptor.factory';
import { OPERATION_KINDS } from './registry.constants';
import { duplicateOperationMessage, registrySealedMessage } from './registry.messages';
import type { ArgumentCanon } from './validation/argument-canon';

const PROGRAMMATIC_PREFIX = 'programmatic:';

/**
 * The immutable index of every operation. Filled by the explorer (decorated methods) and by
 * `register()` (generated operations) during module init; sealed at application bootstrap, after
 * which it only answers lookups.
 * @publicApi
 */
@Injectable()
export class OperationRegistry {
  private readonly operations = new Map<string, RegisteredOperation>();
  private readonly factory = new OperationDescriptorFactory();
  private ordered: readonly OperationDescriptor[] | undefined;
  private sealed = false;
  private sealedListeners: (() => void)[] = [];

  /** Registers one operation; throws `OperationRegistrationError` on a duplicate name, a bad id, or after sealing. */
  register(operation: ProgrammaticOperation): OperationDescriptor {
    const source = String(operation.source);
    return this.add({
      ...operation,
      source: source.startsWith(PROGRAMMATIC_PREFIX) ? source : PROGRAMMATIC_PREFIX + source,
    });
  }

  /**
   * @internal Registers a definition whose `source` is final; the explorer uses it for decorated
   * methods (`OrderOperations.GetOrders`).
   */
  add(definition: OperationDefinition): OperationDescriptor {
    const name = this.factory.nameOf(definition);
    if (this.sealed) throw new OperationRegistrationError(registrySealedMessage(name, definition.source));
    const existing = this.operations.get(name);
    if (existing) {
      throw new OperationRegistrationError(
        duplicateOperationMessage(name, existing.descriptor.source, definition.source),
      );
    }
    const operation = this.factory.create(definition);
    this.operations.set(name, operation);
    this.ordered = undefined;
    return operation.descriptor;
  }

  /** The descriptor for `<kind>_<id>`, or undefined. */
  get(name: string): OperationDescriptor | undefined {
    return this.operations.get(name)?.descriptor;
  }

  /** Every descriptor, ordered by kind (query, view, report, command) then id. Frozen. */
  list(): readonly OperationDescriptor[] {
    this.ordered ??= Object.freeze(
      [...this.operations.values()].map((operation) => operation.descriptor).sort(byKindThenId),
    );
    return this.ordered;
  }

  /** The number of registered operations. */
  get size(): number {
    return this.operations.size;
  }

  /** Whether `seal()` has run. */
  get isSealed(): boolean {
    return this.sealed;
  }

  /**
   * Freezes the index, then runs the `onSealed` listeners; later `register()` calls throw. Idempotent.
   * @throws OperationRegistrationError when a command's `compensate` names no command or a wrong argument
   */
  seal(): void {
    if (this.sealed) return;
    checkCompensations(this.operations);
    this.sealed = true;
    const listeners = this.sealedListeners;
    this.sealedListeners = [];
    for (const listener of listeners) listener();
  }

  /**
   * Runs `listener` once the index is final: when `seal()` runs, or at once if it already has.
   * For work that should happen once per boot over every operation (a search index), without
   * depending on the order in which Nest runs bootstrap hooks across modules.
   */
  onSealed(listener: () => void): void {
    if (this.sealed) listener();
    else this.sealedListeners.push(listener);
  }

  /** Internal: the bound handler of an operation, for the invoker. */
  handlerOf(name: string): OperationHandler | undefined {
    return this.operations.get(name)?.handler;
  }

  /** How an operation reads its arguments (canonical forms, defaults), for access rules; undefined when unknown. */
  canonOf(name: string): ArgumentCanon | undefined {
    return this.operations.get(name)?.validator.canon;
  }

  /** @internal Everything the invoker needs to run an operation. */
  entryOf(name: string): RegisteredOperation | undefined {
    return this.operations.get(name);
  }
}

function byKindThenId(a: OperationDescriptor, b: OperationDescriptor): number {
  const byKind = OPERATION_KINDS.indexOf(a.kind) - OPERATION_KINDS.indexOf(b.kind);
  if (byKind !== 0) return byKind;
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}
