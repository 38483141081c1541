export * from './decorator-options';
export * from './decorators';
export * from './entity';
export * from './errors';
export * from './interfaces';
export type { McpElicitParams, McpElicitResult } from './interfaces/elicitation.interface';
export { OperationInvoker } from './operation.invoker';
export { OperationRegistry } from './operation.registry';
export { type DiscoveredMethod, ProviderMethodExplorer } from './provider-method.explorer';
export { OPERATION_KINDS, PLUGIN_FILE_METADATA } from './registry.constants';
export { ARGUMENTS_PATH, MISSING_ARGUMENT, notAnObjectMessage, UNKNOWN_ARGUMENT } from './registry.messages';
export { RegistryModule } from './registry.module';
export { JSON_SCHEMA_DIALECT } from './schema/json-schema-2020';
export { OperationSchemaBuilder } from './schema/operation-schema.builder';
export {
  renderOutputShape,
  renderTypeBody,
  renderTypeDeclarations,
  resultObjectType,
} from './schema/ts-shape.renderer';
export { renderTsMembers, renderTsType } from './schema/ts-type.renderer';
export { closestName } from './utils/closest-name.util';
export { deepFreeze } from './utils/deep-freeze.util';
export { ArgumentsValidator } from './validation/arguments.validator';
