export type {
  GatewaysModuleOptions,
  GatewaysStaticOptions,
  ResolvedGatewaysOptions,
} from './gateways-options.interface';
