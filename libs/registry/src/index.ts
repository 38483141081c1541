export * from './decorators';
export * from './errors';
export * from './interfaces';
export { OperationInvoker } from './operation.invoker';
export { OperationRegistry } from './operation.registry';
export { OPERATION_ID_PATTERN, OPERATION_KINDS, OPERATION_METADATA } from './registry.constants';
export { RegistryModule } from './registry.module';
export { JSON_SCHEMA_DIALECT } from './schema/json-schema-2020';
export { renderTsDeclarations, renderTsType } from './schema/ts-type.renderer';
