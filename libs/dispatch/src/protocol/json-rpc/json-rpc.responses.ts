import { StateUnavailableError } from '@myko/state';
import { Logger } from '@nestjs/common';
import { JSON_RPC_ERROR_CODES, STATE_UNAVAILABLE } from '../../dispatch.constants';
import { DispatchError } from '../../errors';
import type { JsonRpcErrorObject, JsonRpcFailure, JsonRpcId, JsonRpcSuccess } from '../../interfaces/json-rpc.types';
import { type RequestIds, requestLogTag } from '../observe/request-id';

const logger = new Logger('JsonRpc');

export function successResponse(id: JsonRpcId, result: Record<string, unknown>): JsonRpcSuccess {
  return { jsonrpc: '2.0', id, result };
}

export function failureResponse(id: JsonRpcId | null, error: JsonRpcErrorObject): JsonRpcFailure {
  return { jsonrpc: '2.0', id, error };
}

/**
 * The one place an error becomes a JSON-RPC error object. A `DispatchError` carries a safe code,
 * message and data; anything else is a server fault: logged here with its stack and masked as
 * -32603 so no internal detail reaches the client. Shared state that is down (Redis) is not a fault
 * of this request: it is named, with `retryable`, so the client can tell it from a bug.
 */
export function toErrorObject(error: unknown, method?: string, ids?: RequestIds): JsonRpcErrorObject {
  if (error instanceof DispatchError) {
    return error.data === undefined
      ? { code: error.code, message: error.message }
      : { code: error.code, message: error.message, data: error.data };
  }
  if (error instanceof StateUnavailableError) {
    logger.warn(`${requestLogTag(ids)}${method ?? 'a message'} failed: ${error.message}`);
    return { code: STATE_UNAVAILABLE, message: 'Shared state unavailable; retry shortly', data: { retryable: true } };
  }
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  logger.error(`${requestLogTag(ids)}Internal error while handling ${method ?? 'a message'}: ${detail}`);
  return { code: JSON_RPC_ERROR_CODES.INTERNAL_ERROR, message: 'Internal error' };
}

export function errorResponse(id: JsonRpcId | null, error: unknown, method?: string, ids?: RequestIds): JsonRpcFailure {
  return failureResponse(id, toErrorObject(error, method, ids));
}
