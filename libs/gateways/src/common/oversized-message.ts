import { failureResponse, isValidId, JSON_RPC_ERROR_CODES, type JsonRpcFailure, type JsonRpcId } from '@myko/dispatch';

/**
 * How far past `maxMessageBytes` a WebSocket frame is still read so that it can be answered: the
 * message is refused with a JSON-RPC error and the connection stays open. A larger frame closes the
 * connection (1009), so one connection never buffers more than this many times the limit.
 */
export const WS_OVERSIZED_READ_FACTOR = 4;

/** Longest id echoed back from an oversized message. */
const MAX_ID_CHARS = 200;

/**
 * The answer to a message over the size limit: `-32600` with the request's id when it can be found
 * without parsing the whole message (a top-level `"id"`), so the client can match it to its request.
 */
export function oversizedMessageError(text: string, bytes: number, limit: number): JsonRpcFailure {
  return failureResponse(topLevelId(text), {
    code: JSON_RPC_ERROR_CODES.INVALID_REQUEST,
    message: `Invalid Request: the message is ${bytes} bytes; the limit is ${limit}. Send less per message (return less from execute, page through lists).`,
  });
}

/**
 * The top-level `id` of a JSON object's text, found by one scan that tracks nesting and strings; null
 * when there is none, the text is not an object, or the id is not one dispatch accepts (a string or an
 * integer: `1.5` is answered with `null`, as dispatch answers it).
 */
export function topLevelId(text: string): JsonRpcId | null {
  let depth = 0;
  let i = text.indexOf('{');
  if (i < 0 || text.slice(0, i).trim() !== '') return null;
  for (; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      const end = stringEnd(text, i);
      if (end < 0) return null;
      if (depth === 1 && text.slice(i, end + 1) === '"id"' && /^\s*:/.test(text.slice(end + 1, end + 20))) {
        return idValue(text, text.indexOf(':', end) + 1);
      }
      i = end;
    } else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') depth--;
  }
  return null;
}

/** Index of the quote closing the string that opens at `start`, or -1. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}

function idValue(text: string, from: number): JsonRpcId | null {
  const rest = text.slice(from, from + MAX_ID_CHARS + 8).trimStart();
  const number = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(rest);
  if (number) return isValidId(Number(number[0])) ? Number(number[0]) : null;
  if (!rest.startsWith('"')) return null;
  const end = stringEnd(rest, 0);
  if (end < 0) return null;
  try {
    return JSON.parse(rest.slice(0, end + 1)) as string;
  } catch {
    return null;
  }
}
