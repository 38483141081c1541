export { SyntheticOperationsModule } from './synthetic.module';
export { SYNTHETIC_SOURCE, syntheticOperations } from './synthetic-operations';
export type { SyntheticOperationsOptions } from './synthetic-options.interface';
