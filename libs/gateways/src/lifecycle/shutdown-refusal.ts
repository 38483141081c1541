import type { ServerResponse } from 'node:http';
import {
  type ClientContext,
  classifyMessage,
  failureResponse,
  type JsonRpcFailure,
  SERVER_SHUTTING_DOWN,
} from '@myko/dispatch';
import { SHUTDOWN_RETRY_AFTER_SECONDS } from '../gateways.constants';
import { type EdgeRefusal, methodOf } from '../limits/edge-refusals';

/** The reason of every refusal of a draining server, in the audit log. */
export const SHUTTING_DOWN_REASON = 'shutting-down';

export const SHUTTING_DOWN_MESSAGE = 'Server shutting down: not accepting new requests';
const SHUTTING_DOWN = { code: SERVER_SHUTTING_DOWN, message: SHUTTING_DOWN_MESSAGE } as const;

/** Headers of every HTTP refusal during a drain: the connection will not be reused; come back later (or elsewhere). */
export const SHUTDOWN_REFUSAL_HEADERS: Readonly<Record<string, string>> = {
  Connection: 'close',
  'Retry-After': String(SHUTDOWN_RETRY_AFTER_SECONDS),
};

/**
 * The answer to a message that arrives while the server drains: an error for a request (with its id).
 * Notifications and responses get none and still reach dispatch: a `notifications/cancelled`, or the
 * client's answer to a sampling or elicitation request an in-flight call is waiting for.
 */
export function shutdownRefusal(message: unknown): JsonRpcFailure | undefined {
  const incoming = classifyMessage(message);
  if (incoming.type !== 'request') return undefined;
  return failureResponse(incoming.id, SHUTTING_DOWN);
}

/** `shutdownRefusal` of a text frame or line; unparseable text goes on to dispatch, which answers -32700. */
export function shutdownRefusalOfText(text: string): JsonRpcFailure | undefined {
  try {
    return shutdownRefusal(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** 503 + `Connection: close` + `Retry-After`, with a JSON-RPC error body. */
export function writeShutdownRefusal(res: ServerResponse): void {
  const body = JSON.stringify(failureResponse(null, SHUTTING_DOWN));
  res.writeHead(503, {
    ...SHUTDOWN_REFUSAL_HEADERS,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** The edge refusal of a request refused on an open WebSocket or on stdio while the server drains. */
export function drainRefusalOf(text: string, door: 'ws' | 'stdio', client: ClientContext): EdgeRefusal {
  const principal = client.clientId ?? (door === 'stdio' ? 'stdio' : 'unknown');
  let operation: string | undefined;
  try {
    operation = methodOf(JSON.parse(text));
  } catch {
    // Only requests are refused, and those parsed.
  }
  return {
    at: Date.now(),
    door,
    principal,
    conversation: `${principal}/${client.sessionId}`,
    ...(operation === undefined ? {} : { operation }),
    reason: SHUTTING_DOWN_REASON,
    retryAfterMs: SHUTDOWN_RETRY_AFTER_SECONDS * 1000,
    detail: SHUTTING_DOWN_MESSAGE,
  };
}
