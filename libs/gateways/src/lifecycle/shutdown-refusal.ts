import type { ServerResponse } from 'node:http';
import { SERVER_SHUTTING_DOWN } from '@myko/dispatch';
import { type TransportErrorResponse, transportError } from '../common/json-rpc-error';
import { jsonRpcMessageKind } from '../common/json-rpc-message.kind';
import { SHUTDOWN_RETRY_AFTER_SECONDS } from '../gateways.constants';

export const SHUTTING_DOWN_MESSAGE = 'Server shutting down: not accepting new requests';

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
export function shutdownRefusal(message: unknown): TransportErrorResponse | undefined {
  if (jsonRpcMessageKind(message) !== 'request') return undefined;
  return transportError(SERVER_SHUTTING_DOWN, SHUTTING_DOWN_MESSAGE, (message as { id: string | number }).id);
}

/** `shutdownRefusal` of a text frame or line; unparseable text goes on to dispatch, which answers -32700. */
export function shutdownRefusalOfText(text: string): TransportErrorResponse | undefined {
  try {
    return shutdownRefusal(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** 503 + `Connection: close` + `Retry-After`, with a JSON-RPC error body. */
export function writeShutdownRefusal(res: ServerResponse): void {
  const body = JSON.stringify(transportError(SERVER_SHUTTING_DOWN, SHUTTING_DOWN_MESSAGE));
  res.writeHead(503, {
    ...SHUTDOWN_REFUSAL_HEADERS,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}
