import type { IncomingMessage } from 'node:http';
import { requestHeader } from './request-header.reader';

/**
 * The header a stateless (2026-07-28) client names its conversation with, so one agent's requests, each a
 * session of its own, are one conversation to the per-conversation rules (abuse backoff, fair turns).
 */
export const CONVERSATION_HEADER = 'x-myko-conversation';

/** What a conversation name may be: short, and no character a log line or a key could trip on. */
const CONVERSATION_NAME = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The conversation a stateless request names (`X-Myko-Conversation`), else `fallback` (the request's own).
 * A malformed name is ignored rather than refused. Whatever it is, it only ever labels a conversation inside
 * the request's principal (`conversationOf` prefixes it), so a name cannot reach into another key's records.
 */
export function conversationOf(req: IncomingMessage, fallback: string): string {
  const named = requestHeader(req, CONVERSATION_HEADER);
  return named !== undefined && CONVERSATION_NAME.test(named) ? `named:${named}` : fallback;
}
