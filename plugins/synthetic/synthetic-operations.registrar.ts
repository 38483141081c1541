import { OperationRegistry } from '@myko/registry';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { SYNTHETIC_OPTIONS } from './synthetic.constants';
import { syntheticOperations } from './synthetic-operations';
import type { SyntheticOperationsOptions } from './synthetic-options.interface';

/** Registers the generated operations during module init, before the registry is sealed. */
@Injectable()
export class SyntheticOperationsRegistrar implements OnModuleInit {
  constructor(
    private readonly registry: OperationRegistry,
    @Inject(SYNTHETIC_OPTIONS) private readonly options: SyntheticOperationsOptions,
  ) {}

  onModuleInit(): void {
    for (const operation of syntheticOperations(this.options.count)) this.registry.register(operation);
  }
}
