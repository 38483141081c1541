import { type DynamicModule, Module } from '@nestjs/common';
import { SYNTHETIC_OPTIONS } from './synthetic.constants';
import { SyntheticOperationsRegistrar } from './synthetic-operations.registrar';
import type { SyntheticOperationsOptions } from './synthetic-options.interface';

/**
 * Generated operations for scale: `count` realistic operations (see `syntheticOperations`)
 * registered through `OperationRegistry.register`, to measure search, `tools/list` and resources
 * at 100, 1,000 or 10,000 operations (`myko-nest serve --synthetic 10000`). Needs `RegistryModule`.
 * @publicApi
 */
@Module({})
export class SyntheticOperationsModule {
  static forRoot(options: SyntheticOperationsOptions): DynamicModule {
    return {
      module: SyntheticOperationsModule,
      providers: [{ provide: SYNTHETIC_OPTIONS, useValue: options }, SyntheticOperationsRegistrar],
    };
  }
}
