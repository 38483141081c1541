import { JSON_RPC_ERROR_CODES } from '../../dispatch.constants';
import { InvalidParamsError, InvalidRequestError, ParseError } from '../../errors';
import type { JsonRpcId } from '../../interfaces/json-rpc.types';
import type { IncomingMessage } from './json-rpc.message';

/** Parses the text of one message; invalid JSON throws `ParseError` (-32700). */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ParseError((error as Error).message);
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** MCP ids are strings or integers, never null. */
export function isValidId(id: unknown): id is JsonRpcId {
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));
}

/**
 * Validates one already-parsed JSON value as a JSON-RPC 2.0 message. Never throws: an invalid
 * message is returned with the error to answer and the id to answer it with.
 */
export function classifyMessage(message: unknown): IncomingMessage {
  if (Array.isArray(message)) {
    return invalid(null, new InvalidRequestError('batches are not supported; send one message at a time'));
  }
  if (!isPlainObject(message)) {
    return invalid(null, new InvalidRequestError('a message must be a JSON object'));
  }
  if (!('method' in message) && ('result' in message || 'error' in message)) {
    return classifyResponse(message);
  }
  const hasId = 'id' in message;
  const answerId = hasId && isValidId(message.id) ? message.id : null;
  if (message.jsonrpc !== '2.0') {
    return invalid(answerId, new InvalidRequestError('"jsonrpc" must be "2.0"'));
  }
  if (typeof message.method !== 'string') {
    return invalid(answerId, new InvalidRequestError('"method" must be a string'));
  }
  if (hasId && !isValidId(message.id)) {
    return invalid(null, new InvalidRequestError('"id" must be a string or an integer'));
  }
  const params = message.params ?? {};
  if (!isPlainObject(params)) {
    if (!hasId) return { type: 'notification', method: message.method, params: {} };
    return invalid(answerId, new InvalidParamsError('"params" must be an object'));
  }
  if (!hasId) return { type: 'notification', method: message.method, params };
  return { type: 'request', id: message.id as JsonRpcId, method: message.method, params };
}

/** A response from the client; a malformed one still counts as a response (never answered), with an error. */
function classifyResponse(message: Record<string, unknown>): IncomingMessage {
  const id = isValidId(message.id) ? message.id : null;
  if ('error' in message) {
    const error = message.error;
    const valid = isPlainObject(error) && Number.isInteger(error.code) && typeof error.message === 'string';
    return {
      type: 'response',
      id,
      error: valid
        ? {
            code: error.code as number,
            message: error.message as string,
            ...('data' in error ? { data: error.data } : {}),
          }
        : { code: JSON_RPC_ERROR_CODES.INVALID_REQUEST, message: 'malformed error object in the response' },
    };
  }
  if (!isPlainObject(message.result)) {
    return {
      type: 'response',
      id,
      error: { code: JSON_RPC_ERROR_CODES.INVALID_REQUEST, message: 'result must be an object' },
    };
  }
  return { type: 'response', id, result: message.result };
}

function invalid(id: JsonRpcId | null, error: Error): IncomingMessage {
  return { type: 'invalid', id, error };
}
