import type { OperationArgumentsValidator } from '../interfaces/registered-operation.interface';
import type { SchemaDescribedTypes } from '../interfaces/schema-described.interface';
import { ArgumentCanon } from './argument-canon';
import { plainArguments } from './plain-arguments';

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
    return this.types.validate(this.canon.apply(plainArguments(this.operation, raw)));
  }
}
