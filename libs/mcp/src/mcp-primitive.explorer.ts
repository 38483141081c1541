import {
  type DiscoveredMethod,
  type InvalidDecoratorUse,
  invalidOptionsOf,
  ProviderMethodExplorer,
} from '@myko/registry';
import { Injectable, Logger } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { McpPromptOptions } from './interfaces/mcp-prompt.interface';
import type { McpResourceOptions } from './interfaces/mcp-resource.interface';
import type { McpToolOptions } from './interfaces/mcp-tool.interface';
import { MCP_PROMPT_METADATA, MCP_RESOURCE_METADATA, MCP_TOOL_METADATA } from './mcp.constants';
import { type McpPrimitiveKind, nonStaticPrimitiveMessage } from './mcp.messages';
import { McpPrimitiveRegistry } from './mcp-primitive.registry';

const PRIMITIVE_METADATA = [MCP_TOOL_METADATA, MCP_RESOURCE_METADATA, MCP_PROMPT_METADATA] as const;

/**
 * Finds every `@McpTool`, `@McpResource` and `@McpPrompt` method on the application's singleton
 * providers and controllers during module init, registers it, and seals the registry at bootstrap.
 */
@Injectable()
export class McpPrimitiveExplorer extends ProviderMethodExplorer {
  protected readonly logger = new Logger(McpPrimitiveExplorer.name);

  constructor(
    discovery: DiscoveryService,
    scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly registry: McpPrimitiveRegistry,
  ) {
    super(discovery, scanner);
  }

  protected invalidOptions({ method, source }: DiscoveredMethod): InvalidDecoratorUse[] {
    return PRIMITIVE_METADATA.flatMap((key) => {
      const invalid = invalidOptionsOf(this.reflector.get<unknown>(key, method));
      return invalid ? [{ ...invalid, source }] : [];
    });
  }

  protected visit({ methodName, method, handler, source, singleton }: DiscoveredMethod): void {
    const skip = (kind: McpPrimitiveKind, key: string) => {
      this.logger.warn(nonStaticPrimitiveMessage(kind, key, source));
    };
    const entry = { source, handler: handler as never };

    const tool = this.reflector.get<McpToolOptions | undefined>(MCP_TOOL_METADATA, method);
    if (tool) {
      const name = tool.name ?? methodName;
      if (singleton) this.registry.addTool({ ...tool, name, ...entry });
      else skip('tool', name);
    }
    const resource = this.reflector.get<McpResourceOptions | undefined>(MCP_RESOURCE_METADATA, method);
    if (resource) {
      if (singleton) this.registry.addResource({ ...resource, ...entry });
      else skip('resource', String(resource.uri ?? resource.uriTemplate));
    }
    const prompt = this.reflector.get<McpPromptOptions | undefined>(MCP_PROMPT_METADATA, method);
    if (prompt) {
      const name = prompt.name ?? methodName;
      if (singleton) this.registry.addPrompt({ ...prompt, name, ...entry });
      else skip('prompt', name);
    }
  }

  protected seal(): void {
    this.registry.seal();
  }
}
