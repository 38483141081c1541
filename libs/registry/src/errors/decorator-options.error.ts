import type { InvalidDecoratorOptions } from '../decorator-options/option-table.interface';
import { invalidDecoratorOptionsMessage } from '../registry.messages';

/** A decorator application with wrong options, and the provider method or class it decorates. */
export interface InvalidDecoratorUse extends InvalidDecoratorOptions {
  /** `OrderOperations.ListOrders`, `… (plugin <file>)`, `Customer (stored by CustomerStore)`. */
  readonly source: string;
}

/**
 * Decorators were given unknown keys, values of the wrong type or empty descriptions; fails the
 * start, listing every such decorator with its provider, its file and line, and each problem.
 * @publicApi
 */
export class DecoratorOptionsError extends Error {
  constructor(readonly invalid: readonly InvalidDecoratorUse[]) {
    super(
      invalid
        .map(({ decorator, source, location, problems }) =>
          invalidDecoratorOptionsMessage(decorator, source, location, problems),
        )
        .join('\n'),
    );
    this.name = 'DecoratorOptionsError';
  }
}
