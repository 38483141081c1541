import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { McpPrimitiveExplorer } from './mcp-primitive.explorer';
import { McpPrimitiveRegistry } from './mcp-primitive.registry';
import { ResourceEvents } from './resource-events.service';

/**
 * Discovers the custom MCP tools, resources and prompts and holds them; provides `ResourceEvents`.
 * Imported and re-exported by `RegistryModule`, so every module can inject both.
 */
@Module({
  imports: [DiscoveryModule],
  providers: [McpPrimitiveExplorer, McpPrimitiveRegistry, ResourceEvents],
  exports: [McpPrimitiveRegistry, ResourceEvents],
})
export class McpPrimitivesModule {}
