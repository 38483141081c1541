import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper';
import type { McpPromptOptions } from './interfaces/mcp-prompt.interface';
import type { McpResourceOptions } from './interfaces/mcp-resource.interface';
import type { McpToolOptions } from './interfaces/mcp-tool.interface';
import { MCP_PROMPT_METADATA, MCP_RESOURCE_METADATA, MCP_TOOL_METADATA } from './mcp.constants';
import { type McpPrimitiveKind, nonStaticPrimitiveMessage } from './mcp.messages';
import { McpPrimitiveRegistry } from './mcp-primitive.registry';

type Method = (...args: never[]) => unknown;

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
    const explored = new Set<object>();
    for (const wrapper of [...this.discovery.getControllers(), ...this.discovery.getProviders()]) {
      const instance: unknown = wrapper.instance;
      if (typeof instance !== 'object' || instance === null || explored.has(instance)) continue;
      const prototype = Object.getPrototypeOf(instance);
      if (!prototype) continue;
      explored.add(instance);
      for (const methodName of this.scanner.getAllMethodNames(prototype)) {
        const method = (instance as Record<string, unknown>)[methodName];
        if (typeof method === 'function') this.exploreMethod(wrapper, instance, methodName, method as Method);
      }
    }
  }

  private exploreMethod(wrapper: InstanceWrapper, instance: object, methodName: string, method: Method): void {
    const source = `${instance.constructor?.name || String(wrapper.name)}.${methodName}`;
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
