import { Injectable } from '@nestjs/common';
import { McpRegistrationError } from './errors/mcp-registration.error';
import type {
  McpPromptDefinition,
  McpResourceDefinition,
  McpToolDefinition,
} from './interfaces/mcp-definition.interface';
import type { McpPromptEntry } from './interfaces/mcp-prompt.interface';
import type { McpStaticResourceEntry, McpTemplateResourceEntry } from './interfaces/mcp-resource.interface';
import type { McpToolEntry } from './interfaces/mcp-tool.interface';
import { duplicatePrimitiveMessage, type McpPrimitiveKind, primitivesSealedMessage } from './mcp.messages';
import { McpPrimitiveFactory } from './mcp-primitive.factory';

const PROGRAMMATIC_PREFIX = 'programmatic:';

/**
 * Every custom MCP tool, resource, resource template and prompt. Filled by the explorer (decorated
 * methods) and by the `register*` methods during module init; sealed at application bootstrap,
 * after which it only answers lookups. Keys are unique: tool and prompt names, resource URIs,
 * template strings; a duplicate fails the boot naming both declarations.
 * @publicApi
 */
@Injectable()
export class McpPrimitiveRegistry {
  private readonly toolMap = new Map<string, McpToolEntry>();
  private readonly resourceMap = new Map<string, McpStaticResourceEntry>();
  private readonly templateMap = new Map<string, McpTemplateResourceEntry>();
  private readonly promptMap = new Map<string, McpPromptEntry>();
  private readonly factory = new McpPrimitiveFactory();
  private sealed = false;

  /** Registers a tool from code; `source` names it in error messages. */
  registerTool(definition: McpToolDefinition): McpToolEntry {
    return this.addTool(programmatic(definition));
  }

  registerResource(definition: McpResourceDefinition): McpStaticResourceEntry | McpTemplateResourceEntry {
    return this.addResource(programmatic(definition));
  }

  registerPrompt(definition: McpPromptDefinition): McpPromptEntry {
    return this.addPrompt(programmatic(definition));
  }

  /** @internal Registers a definition whose `source` is final (the explorer's). */
  addTool(definition: McpToolDefinition): McpToolEntry {
    this.checkOpen('tool', definition.name, definition.source);
    const entry = this.factory.tool(definition);
    return insert(this.toolMap, 'tool', entry.name, entry);
  }

  /** @internal */
  addResource(definition: McpResourceDefinition): McpStaticResourceEntry | McpTemplateResourceEntry {
    const key = String(definition.uri ?? definition.uriTemplate);
    this.checkOpen(definition.uriTemplate === undefined ? 'resource' : 'resource template', key, definition.source);
    const entry = this.factory.resource(definition);
    return 'uriTemplate' in entry
      ? insert(this.templateMap, 'resource template', entry.uriTemplate, entry)
      : insert(this.resourceMap, 'resource', entry.uri, entry);
  }

  /** @internal */
  addPrompt(definition: McpPromptDefinition): McpPromptEntry {
    this.checkOpen('prompt', definition.name, definition.source);
    const entry = this.factory.prompt(definition);
    return insert(this.promptMap, 'prompt', entry.name, entry);
  }

  /** Tools in registration order. */
  tools(): McpToolEntry[] {
    return [...this.toolMap.values()];
  }

  tool(name: string): McpToolEntry | undefined {
    return this.toolMap.get(name);
  }

  /** Resources at fixed URIs, in registration order. */
  resources(): McpStaticResourceEntry[] {
    return [...this.resourceMap.values()];
  }

  resource(uri: string): McpStaticResourceEntry | undefined {
    return this.resourceMap.get(uri);
  }

  templates(): McpTemplateResourceEntry[] {
    return [...this.templateMap.values()];
  }

  template(uriTemplate: string): McpTemplateResourceEntry | undefined {
    return this.templateMap.get(uriTemplate);
  }

  /** The first template (in registration order) that `uri` matches, with its decoded variables. */
  matchTemplate(uri: string): { template: McpTemplateResourceEntry; variables: Record<string, string> } | undefined {
    for (const template of this.templateMap.values()) {
      const variables = template.match(uri);
      if (variables) return { template, variables };
    }
    return undefined;
  }

  prompts(): McpPromptEntry[] {
    return [...this.promptMap.values()];
  }

  prompt(name: string): McpPromptEntry | undefined {
    return this.promptMap.get(name);
  }

  /** Whether any prompt argument or template variable has a completion provider. */
  get hasCompleters(): boolean {
    return (
      this.prompts().some((prompt) => prompt.arguments.some((argument) => argument.complete)) ||
      this.templates().some((template) => Object.keys(template.complete).length > 0)
    );
  }

  get isSealed(): boolean {
    return this.sealed;
  }

  /** Freezes the primitive set; later registrations throw. Idempotent. */
  seal(): void {
    this.sealed = true;
  }

  private checkOpen(kind: McpPrimitiveKind, key: unknown, source: string): void {
    if (this.sealed) throw new McpRegistrationError(primitivesSealedMessage(kind, String(key), source));
  }
}

function insert<T extends { source: string }>(map: Map<string, T>, kind: McpPrimitiveKind, key: string, entry: T): T {
  const existing = map.get(key);
  if (existing) throw new McpRegistrationError(duplicatePrimitiveMessage(kind, key, existing.source, entry.source));
  map.set(key, entry);
  return entry;
}

function programmatic<T extends { source: string }>(definition: T): T {
  const source = String(definition.source);
  return { ...definition, source: source.startsWith(PROGRAMMATIC_PREFIX) ? source : PROGRAMMATIC_PREFIX + source };
}
