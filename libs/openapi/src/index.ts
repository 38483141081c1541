/**
 * `@myko/openapi` (published as `@myko/nest/openapi`): REST backends described by OpenAPI documents,
 * served as registry operations.
 */
export { programmaticOperationOf } from './connector-operation.factory';
export { type AddProblem, parseConnectorOptions } from './connector-options.parser';
export { documentLocation, type LoadedDocument, loadOpenApiDocument } from './document/openapi-document.loader';
export * from './errors';
export type { ArgumentBinding, ConnectorOperation, SkippedOperation } from './interfaces/connector-operation.interface';
export type {
  ConnectorAuth,
  ConnectorOperationOverride,
  ConnectorPassThroughAuth,
  ConnectorStaticAuth,
  OpenApiConnectorModuleOptions,
  OpenApiConnectorOptions,
} from './interfaces/openapi-connector-options.interface';
export { apiIdOf, type MappedDocument, mapDocument } from './mapping/openapi-operation.mapper';
export { CONNECTOR_OPTION_TABLE, OPENAPI_CONNECTOR_OPTIONS } from './openapi-connector.constants';
export { OpenApiConnectorModule } from './openapi-connector.module';
