import type { Type } from '@nestjs/common';
import { type ValidatorOptions, validate } from 'class-validator';
import { type ArgumentIssue, InvalidArgumentsError } from '../errors';
import type { OperationArgumentsValidator } from '../interfaces/registered-operation.interface';
import { UNKNOWN_ARGUMENT } from '../registry.messages';
import { ArgumentCanon } from './argument-canon';
import { toArgumentIssues } from './argument-issues';
import { type DtoInstanceFactory, dtoInstanceFactory } from './dto-instance.factory';
import { plainArguments } from './plain-arguments';
import { cacheValidationMetadata } from './validation-metadata.cache';

const VALIDATOR_OPTIONS: ValidatorOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  // `value` lets a missing required field be told apart from a wrong one.
  validationError: { target: false, value: true },
};

/**
 * Turns raw JSON arguments into a validated instance of the operation's DTO. Built once per
 * operation at registration; a call only transforms and validates.
 */
export class ArgumentsValidator implements OperationArgumentsValidator {
  /** Chosen on the first call, when every decorator of the DTO has run. */
  private instanceOf?: DtoInstanceFactory;
  private canonOf?: ArgumentCanon;

  /**
   * @param operation the operation name, for error messages
   * @param argsType the DTO class, or undefined when the operation takes no arguments
   * @param declaresArguments false when the DTO has no validated property (class-validator would
   *   reject its instances as unknown values), so only the absence of keys is checked
   */
  constructor(
    private readonly operation: string,
    private readonly argsType: Type<object> | undefined,
    private readonly declaresArguments: boolean,
  ) {
    cacheValidationMetadata();
  }

  /** How the operation reads its arguments (built on first use, when every decorator has run). */
  get canon(): ArgumentCanon {
    this.canonOf ??= this.argsType ? new ArgumentCanon(this.argsType) : ArgumentCanon.EXACT;
    return this.canonOf;
  }

  /** @throws InvalidArgumentsError listing every bad field */
  async validate(raw: unknown): Promise<object> {
    const plain = plainArguments(this.operation, raw);
    if (!this.declaresArguments) {
      const unknown = Object.keys(plain).map((path) => ({ path, reasons: [UNKNOWN_ARGUMENT] }));
      if (unknown.length > 0) this.fail(unknown);
      return this.argsType ? new this.argsType() : {};
    }
    this.instanceOf ??= dtoInstanceFactory(this.argsType as Type<object>);
    const instance = this.instanceOf(this.canon.apply(plain));
    const errors = await validate(instance, VALIDATOR_OPTIONS);
    if (errors.length > 0) this.fail(toArgumentIssues(errors));
    return instance;
  }

  private fail(issues: ArgumentIssue[]): never {
    throw new InvalidArgumentsError(this.operation, issues);
  }
}
