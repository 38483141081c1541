import { type DynamicModule, Module } from '@nestjs/common';
import type { OpenApiConnectorModuleOptions } from './interfaces/openapi-connector-options.interface';
import { OPENAPI_CONNECTOR_OPTIONS } from './openapi-connector.constants';
import { OpenApiConnectorsRegistrar } from './openapi-connectors.registrar';

/**
 * REST backends described by OpenAPI 3.0/3.1 documents, served as operations beside the decorated ones:
 * the same search, filters, audit log, schema resources and live resources (docs/connectors.md). Needs
 * the registry (`MykoModule` provides it); `MykoModule.forRoot({ connectors })` imports this for you.
 * @example
 * ```ts
 * OpenApiConnectorModule.forRoot({
 *   connectors: [{ name: 'billing', document: './billing.yaml', baseUrl: 'https://billing.internal/v2',
 *     prefix: 'billing', auth: { fromEnv: 'BILLING_TOKEN', scheme: 'Bearer' } }],
 * })
 * ```
 * @publicApi
 */
@Module({})
export class OpenApiConnectorModule {
  static forRoot(options: OpenApiConnectorModuleOptions): DynamicModule {
    return {
      module: OpenApiConnectorModule,
      providers: [{ provide: OPENAPI_CONNECTOR_OPTIONS, useValue: options }, OpenApiConnectorsRegistrar],
    };
  }
}
