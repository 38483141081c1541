import type { ServerResponse } from 'node:http';
import type { JsonRpcId } from '@myko/dispatch';
import type { McpPostResponder } from './mcp-post.responder';

/** The reason recorded when a request is cancelled because its client went away. */
export const CLIENT_DISCONNECTED = 'The client disconnected before the response';

/** The `id` of a message already classified as a request. */
export function requestIdOf(message: unknown): JsonRpcId {
  return (message as { id: JsonRpcId }).id;
}

/**
 * Cancels a POSTed request when its connection closes before a plain JSON answer was written: that
 * answer has no way back to the client any more, so an `execute` run stops instead of finishing for
 * nobody. An answer that became an SSE stream keeps running: its events carry ids, the client may
 * resume it (GET + `Last-Event-ID`), and for such a stream the spec says a disconnection is not a
 * cancellation.
 */
export function cancelWhenAbandoned(
  res: ServerResponse,
  responder: McpPostResponder,
  cancel: (reason: string) => void,
): void {
  res.once('close', () => {
    if (!res.writableFinished && !responder.isStream) cancel(CLIENT_DISCONNECTED);
  });
}

/**
 * 2026-07-28: closing the response stream is how a client cancels (there is no resume), so a close
 * before the answer was written cancels the request, whether the answer was JSON or a stream.
 */
export function cancelWhenStreamCloses(res: ServerResponse, cancel: (reason: string) => void): void {
  res.once('close', () => {
    if (!res.writableFinished) cancel(CLIENT_DISCONNECTED);
  });
}
