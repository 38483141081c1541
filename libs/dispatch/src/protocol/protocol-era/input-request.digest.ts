import { createHash } from 'node:crypto';
import type { McpInputRequest } from '@myko/mcp';
import { canonicalJson } from './request-state.codec';

/**
 * SHA-256 (base64url) of one input request as asked under `key` (method, message, schema: all of its
 * canonical JSON), salted with the nonce of the state that records it. An answer is only taken for the
 * very request it was given to: a retry that asks something else under the same key is asked afresh.
 */
export function inputRequestDigest(nonce: string, key: string, request: McpInputRequest): string {
  return createHash('sha256')
    .update(nonce)
    .update('\u0000')
    .update(key)
    .update('\u0000')
    .update(canonicalJson(request))
    .digest('base64url');
}
