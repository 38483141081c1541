import type { McpResourceContents, McpResourceReturn } from '@myko/mcp';
import { isPlainObject } from '../../protocol/json-rpc/json-rpc.codec';

const TEXT = 'text/plain';
const BINARY = 'application/octet-stream';

/**
 * The `contents` of `resources/read` from what a resource handler returned: text, bytes (base64
 * `blob`), or contents objects whose missing `uri`/`mimeType` default to the read URI and the
 * resource's declared type.
 * @throws Error when the handler returned something else
 */
export function toResourceContents(
  uri: string,
  mimeType: string | undefined,
  value: McpResourceReturn,
): McpResourceContents[] {
  const items = Array.isArray(value) ? value : [value];
  return items.map((item: unknown) => {
    if (typeof item === 'string') return { uri, mimeType: mimeType ?? TEXT, text: item };
    if (item instanceof Uint8Array)
      return { uri, mimeType: mimeType ?? BINARY, blob: Buffer.from(item).toString('base64') };
    if (isPlainObject(item) && (typeof item.text === 'string' || typeof item.blob === 'string')) {
      const type = (item.mimeType as string | undefined) ?? mimeType;
      return {
        ...item,
        uri: item.uri ?? uri,
        ...(type === undefined ? {} : { mimeType: type }),
      } as McpResourceContents;
    }
    throw new Error(`a resource handler for ${uri} returned neither text, bytes nor contents`);
  });
}
