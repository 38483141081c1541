export type { GatewaysModuleOptions, ResolvedGatewaysOptions } from './gateways-options.interface';
