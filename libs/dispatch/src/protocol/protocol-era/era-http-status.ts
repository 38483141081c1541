import { JSON_RPC_ERROR_CODES, STATE_UNAVAILABLE } from '../../dispatch.constants';
import type { JsonRpcResponse } from '../../interfaces/json-rpc.types';
import { MODERN_ERROR_CODES } from './protocol-era.constants';

const ENVELOPE_REJECTIONS = new WeakSet<object>();

/** Dispatch marks the answers that refuse a modern request's envelope (missing `_meta` keys). */
export function markEnvelopeRejection<T extends object>(response: T): T {
  ENVELOPE_REJECTIONS.add(response);
  return response;
}

const BAD_REQUEST_CODES: ReadonlySet<number> = new Set([
  JSON_RPC_ERROR_CODES.INVALID_REQUEST,
  MODERN_ERROR_CODES.HEADER_MISMATCH,
  MODERN_ERROR_CODES.MISSING_REQUIRED_CLIENT_CAPABILITY,
  MODERN_ERROR_CODES.UNSUPPORTED_PROTOCOL_VERSION,
]);

/**
 * The HTTP status of a 2026-07-28 answer: 404 for an unknown (or removed) method, 400 for a refused
 * envelope, header or capability, 503 when shared state (Redis) cannot be reached (as a session's
 * request gets), else 200. Always with the JSON-RPC body, so a client probing the era
 * can read which one this is.
 */
export function modernHttpStatus(response: JsonRpcResponse): number {
  if (!('error' in response)) return 200;
  const code = response.error.code;
  if (code === JSON_RPC_ERROR_CODES.METHOD_NOT_FOUND) return 404;
  if (code === STATE_UNAVAILABLE) return 503;
  if (BAD_REQUEST_CODES.has(code) || ENVELOPE_REJECTIONS.has(response)) return 400;
  return 200;
}
