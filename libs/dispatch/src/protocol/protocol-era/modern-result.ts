import type { McpInputRequest } from '@myko/mcp';
import { SCHEMA_URI_PREFIX } from '../../dispatch.constants';
import { CACHEABLE_METHODS, CUSTOM_RESOURCE_TTL_MS, LIST_TTL_MS, META_KEYS } from './protocol-era.constants';

/**
 * `resultType` (default `complete`), the server's identity in `_meta`, and on list/read results
 * `ttlMs` with `cacheScope: "private"`: every list here depends on the caller's filters and key.
 */
export function decorateModernResult(
  result: Record<string, unknown>,
  method: string,
  serverInfo: Record<string, unknown>,
): Record<string, unknown> {
  const meta = { ...(result._meta as Record<string, unknown> | undefined), [META_KEYS.serverInfo]: serverInfo };
  const decorated: Record<string, unknown> = { ...result, resultType: result.resultType ?? 'complete', _meta: meta };
  if (CACHEABLE_METHODS.has(method) && decorated.resultType === 'complete') {
    decorated.ttlMs = ttlOf(method, result);
    decorated.cacheScope = 'private';
  }
  return decorated;
}

export function inputRequiredResult(
  inputRequests: Record<string, McpInputRequest>,
  requestState: string,
): Record<string, unknown> {
  return { resultType: 'input_required', inputRequests, requestState };
}

/** Schema resources and lists are fixed at boot; plugin resources may change at any time. */
function ttlOf(method: string, result: Record<string, unknown>): number {
  if (method !== 'resources/read') return LIST_TTL_MS;
  const contents = result.contents as { uri?: string }[] | undefined;
  return contents?.every((c) => c.uri?.startsWith(SCHEMA_URI_PREFIX)) ? LIST_TTL_MS : CUSTOM_RESOURCE_TTL_MS;
}
