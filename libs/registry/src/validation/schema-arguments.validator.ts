import { type ArgumentIssue, InvalidArgumentsError } from '../errors';
import type { OperationArgumentsValidator } from '../interfaces/registered-operation.interface';
import type { SchemaDescribedTypes } from '../interfaces/schema-described.interface';
import { ARGUMENTS_PATH, notAnObjectMessage, UNKNOWN_ARGUMENT } from '../registry.messages';
import { ArgumentCanon } from './argument-canon';

const RESERVED_KEYS = ['__proto__', 'constructor', 'prototype'];

/**
 * The validator of an operation described by JSON Schema (`ProgrammaticOperation.schema`): the same
 * checks in front of the generator's `validate` as `ArgumentsValidator` makes in front of class-validator
 * (an object, no reserved keys, canonical forms applied first), so both kinds fail alike.
 */
export class SchemaArgumentsValidator implements OperationArgumentsValidator {
  readonly canon: ArgumentCanon;

  constructor(
    private readonly operation: string,
    private readonly types: SchemaDescribedTypes,
  ) {
    this.canon = new ArgumentCanon(undefined, types.normalizers ?? new Map(), types.defaults ?? {});
  }

  /** @throws InvalidArgumentsError listing every bad field */
  async validate(raw: unknown): Promise<object> {
    const plain = raw ?? {};
    if (!isPlainObject(plain)) this.fail([{ path: ARGUMENTS_PATH, reasons: [notAnObjectMessage(plain)] }]);
    // JSON.parse makes these own keys; a schema validator may not look at them.
    const reserved = RESERVED_KEYS.filter((key) => Object.hasOwn(plain, key));
    if (reserved.length > 0) this.fail(reserved.map((path) => ({ path, reasons: [UNKNOWN_ARGUMENT] })));
    return this.types.validate(this.canon.apply(plain));
  }

  private fail(issues: ArgumentIssue[]): never {
    throw new InvalidArgumentsError(this.operation, issues);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
