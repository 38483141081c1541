import { inspectOptions, recordInvalidOptions } from '@myko/registry';
import { SetMetadata } from '@nestjs/common';
import type { McpResourceOptions } from '../interfaces/mcp-resource.interface';
import { MCP_RESOURCE_METADATA } from '../mcp.constants';
import { MCP_RESOURCE_OPTIONS } from './mcp-options.tables';

/**
 * Declares a custom MCP resource at a fixed `uri`, or a family of them under an RFC 6570
 * `uriTemplate` (`{var}`, `{+var}`). The method receives `{ uri, variables }` and an `McpContext`
 * and returns text, bytes (sent base64), or contents objects. Tell subscribed clients about changes
 * with `ResourceEvents.changed(uri)`.
 *
 * @example
 * ```ts
 * @McpResource({ uri: 'myko://inventory/low-stock', name: 'low-stock', description: '…', mimeType: 'application/json' })
 * lowStock() { return JSON.stringify(this.report.lowStock()); }
 * ```
 * @publicApi
 */
export function McpResource(options: McpResourceOptions): MethodDecorator {
  const metadata = Object.freeze({ ...options });
  recordInvalidOptions(metadata, inspectOptions('@McpResource', McpResource, options, MCP_RESOURCE_OPTIONS));
  return SetMetadata(MCP_RESOURCE_METADATA, metadata);
}
