import { OperationRegistrationError } from './errors';
import type { OperationDescriptor, ProgrammaticOperation } from './interfaces';
import type { RegisteredOperation } from './interfaces/registered-operation.interface';
import { OPERATION_ID_PATTERN, OPERATION_KINDS } from './registry.constants';
import {
  invalidHandlerMessage,
  invalidOperationIdMessage,
  invalidOperationKindMessage,
  resourceNeedsReadsMessage,
  schemaFailureMessage,
} from './registry.messages';
import { OperationSchemaBuilder } from './schema/operation-schema.builder';
import { deepFreeze } from './utils/deep-freeze.util';
import { ArgumentsValidator } from './validation/arguments.validator';
import { SchemaArgumentsValidator } from './validation/schema-arguments.validator';

/**
 * An operation about to be indexed, from a decorated method or `register()`; `source` is final
 * (`OrderOperations.GetOrders`, `programmatic:<source>`).
 */
export type OperationDefinition = ProgrammaticOperation;

/** Checks one definition and computes its frozen descriptor, schemas and argument validator. */
export class OperationDescriptorFactory {
  private readonly schemas = new OperationSchemaBuilder();

  /**
   * The operation's name, `<kind>_<id>`.
   * @throws OperationRegistrationError when the kind is unknown or the id is not a JS identifier
   */
  nameOf({ kind, id, source }: OperationDefinition): string {
    if (!(OPERATION_KINDS as readonly unknown[]).includes(kind)) {
      throw new OperationRegistrationError(invalidOperationKindMessage(kind, source));
    }
    if (typeof id !== 'string' || !OPERATION_ID_PATTERN.test(id)) {
      throw new OperationRegistrationError(invalidOperationIdMessage(id, source));
    }
    return `${kind}_${id}`;
  }

  /** @throws OperationRegistrationError naming the source when the definition cannot be described */
  create(definition: OperationDefinition): RegisteredOperation {
    const name = this.nameOf(definition);
    const { kind, id, source, handler } = definition;
    if (typeof handler !== 'function') throw new OperationRegistrationError(invalidHandlerMessage(name, source));
    this.checkResource(name, definition);
    const { input, output } = this.describe(name, definition);
    const readOnly = kind !== 'command';
    const preview = readOnly ? undefined : definition.preview;
    const compensation = readOnly ? undefined : definition.compensate;
    const descriptor: OperationDescriptor = deepFreeze({
      name,
      kind,
      id,
      description: definition.description ?? '',
      ...keywordsOf(definition.keywords),
      args: input.args,
      inputSchema: input.inputSchema,
      outputType: output.outputType,
      ...(output.outputSchema ? { outputSchema: output.outputSchema } : {}),
      readOnly,
      idempotent: readOnly || definition.idempotent === true,
      destructive: !readOnly && definition.destructive === true,
      ...(!readOnly && definition.approval === true ? { approval: true as const } : {}),
      ...(preview ? { hasPreview: true as const } : {}),
      ...(compensation ? { compensatedBy: compensationName(compensation.command) } : {}),
      ...touches(definition, readOnly),
      source,
    });
    const validator = definition.schema
      ? new SchemaArgumentsValidator(name, definition.schema)
      : new ArgumentsValidator(name, definition.args, input.args.length > 0);
    return Object.freeze({
      descriptor,
      handler,
      validator,
      ...(preview ? { preview } : {}),
      ...(compensation ? { compensation } : {}),
    });
  }

  /** @throws OperationRegistrationError when a resource is declared on a command or without a watchable read */
  private checkResource(name: string, definition: OperationDefinition): void {
    if (!definition.resource) return;
    if (definition.kind === 'command' || (definition.reads ?? []).length === 0) {
      throw new OperationRegistrationError(resourceNeedsReadsMessage(name, definition.source));
    }
  }

  private describe(name: string, definition: OperationDefinition) {
    try {
      if (definition.schema) return this.schemas.described(definition.schema, definition.args, definition.output);
      return { input: this.schemas.input(definition.args), output: this.schemas.output(definition.output) };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new OperationRegistrationError(schemaFailureMessage(name, definition.source, reason));
    }
  }
}

/**
 * The operation a compensation's `command` names: `command_<id>` for an id (`AdjustStock`), a full name as is
 * (`command_AdjustStock`; `query_Stock` too, so the check can say it is not a command).
 */
export function compensationName(command: string): string {
  return /^(query|view|report|command)_/.test(command) ? command : `command_${command}`;
}

/** `{ keywords }` of the non-empty trimmed strings, each once, or nothing; other values are ignored. */
function keywordsOf(keywords: unknown): { keywords?: string[] } {
  if (!Array.isArray(keywords)) return {};
  const words = keywords.filter((word): word is string => typeof word === 'string').map((word) => word.trim());
  const distinct = [...new Set(words.filter((word) => word.length > 0))];
  return distinct.length > 0 ? { keywords: distinct } : {};
}

/** What a definition reads or writes, as the descriptor states it (names deduplicated, order kept). */
function touches(definition: OperationDefinition, readOnly: boolean) {
  const reads = readOnly ? [...new Set(definition.reads ?? [])] : [];
  const writes = readOnly || !definition.writes ? undefined : [...new Set(definition.writes)];
  return {
    ...(reads.length > 0 ? { reads, watchable: true as const } : {}),
    ...(writes ? { writes } : {}),
    ...(readOnly && definition.resource ? { resource: { args: {}, ...definition.resource } } : {}),
  };
}
