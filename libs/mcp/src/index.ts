export * from './decorators';
export * from './errors';
export * from './interfaces';
export { MAX_COMPLETION_VALUES } from './mcp.constants';
export { McpPrimitiveRegistry } from './mcp-primitive.registry';
export { McpPrimitivesModule } from './mcp-primitives.module';
export { type ResourceChangeListener, ResourceEvents } from './resource-events.service';
