export * from './decorators';
export * from './errors';
export * from './interfaces';
export { MAX_COMPLETION_VALUES, MCP_PROMPT_METADATA, MCP_RESOURCE_METADATA, MCP_TOOL_METADATA } from './mcp.constants';
export { McpPrimitiveRegistry } from './mcp-primitive.registry';
export { McpPrimitivesModule } from './mcp-primitives.module';
export { type ResourceChangeListener, ResourceEvents } from './resource-events.service';
export { UriTemplate } from './uri-template';
