import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { methodSource, type ProviderMethod, providerMethods } from '../utils/provider-methods.util';
import type { McpPromptOptions } from './interfaces/mcp-prompt.interface';
import type { McpResourceOptions } from './interfaces/mcp-resource.interface';
import type { McpToolOptions } from './interfaces/mcp-tool.interface';
import { MCP_PROMPT_METADATA, MCP_RESOURCE_METADATA, MCP_TOOL_METADATA } from './mcp.constants';
import { type McpPrimitiveKind, nonStaticPrimitiveMessage } from './mcp.messages';
import { McpPrimitiveRegistry } from './mcp-primitive.registry';

/**
 * Finds every `@McpTool`, `@McpResource` and `@McpPrompt` method on the application's singleton
 * providers and controllers during module init, registers it, and seals the registry at bootstrap.
 */
@Injectable()
export class McpPrimitiveExplorer implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(McpPrimitiveExplorer.name);

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly registry: McpPrimitiveRegistry,
  ) {}

  onModuleInit(): void {
    this.explore();
  }

  onApplicationBootstrap(): void {
    this.registry.seal();
  }

  /** Registers the primitives of every provider and controller; fails on the first bad one. */
  explore(): void {
    for (const found of providerMethods(this.discovery, this.scanner)) this.exploreMethod(found);
  }

  private exploreMethod(found: ProviderMethod): void {
    const { wrapper, instance, methodName, method } = found;
    const source = methodSource(found);
    const handler = method.bind(instance) as never;
    const singleton = wrapper.isDependencyTreeStatic() && !wrapper.isTransient;
    const skip = (kind: McpPrimitiveKind, key: string) => {
      this.logger.warn(nonStaticPrimitiveMessage(kind, key, source));
    };

    const tool = this.reflector.get<McpToolOptions | undefined>(MCP_TOOL_METADATA, method);
    if (tool) {
      const name = tool.name ?? methodName;
      if (singleton) this.registry.addTool({ ...tool, name, source, handler });
      else skip('tool', name);
    }
    const resource = this.reflector.get<McpResourceOptions | undefined>(MCP_RESOURCE_METADATA, method);
    if (resource) {
      if (singleton) this.registry.addResource({ ...resource, source, handler });
      else skip('resource', String(resource.uri ?? resource.uriTemplate));
    }
    const prompt = this.reflector.get<McpPromptOptions | undefined>(MCP_PROMPT_METADATA, method);
    if (prompt) {
      const name = prompt.name ?? methodName;
      if (singleton) this.registry.addPrompt({ ...prompt, name, source, handler });
      else skip('prompt', name);
    }
  }
}
