import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { McpPrimitiveExplorer } from './mcp-primitive.explorer';
import { McpPrimitiveRegistry } from './mcp-primitive.registry';
import { ResourceEvents } from './resource-events.service';

/**
 * Discovers the custom `@McpTool`, `@McpResource` and `@McpPrompt` methods and holds them; provides
 * `ResourceEvents`. Global, so every module can inject both; `DispatchModule` imports it, and an
 * application without dispatch imports it beside `RegistryModule`.
 * @publicApi
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [McpPrimitiveExplorer, McpPrimitiveRegistry, ResourceEvents],
  exports: [McpPrimitiveRegistry, ResourceEvents],
})
export class McpPrimitivesModule {}
