export type { RedisStateOptions, StateHealthReport, StateModuleOptions } from './state-options.interface';
