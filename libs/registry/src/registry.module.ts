import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { EntityExplorer } from './entity/entity.explorer';
import { OperationExplorer } from './operation.explorer';
import { OperationInvoker } from './operation.invoker';
import { OperationRegistry } from './operation.registry';
import { OperationMetadataAccessor } from './operation-metadata.accessor';

/**
 * Discovers every `@Query`/`@View`/`@Report`/`@Command` method at start-up and exposes the
 * operation index and the invoker, and the generated operations of every `@Entity()` with a
 * `@EntityRepository()`. Import once, in the root module (the custom MCP primitives are
 * `McpPrimitivesModule` of `@myko/mcp`).
 * @publicApi
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [OperationMetadataAccessor, OperationExplorer, EntityExplorer, OperationRegistry, OperationInvoker],
  exports: [OperationRegistry, OperationInvoker],
})
export class RegistryModule {}
