import type { McpHttpSession } from './mcp-http-session.interface';

/**
 * A session that can be ended to make room: nothing running or streaming, and anonymous unless the
 * room is for its own key (a key at its cap gives up its own idle session, never another key's).
 */
export function isEvictable(session: McpHttpSession, sameKey = false): boolean {
  if (!sameKey && session.owner.keyId !== undefined) return false;
  return session.active === 0 && !session.streams.hasOpenConnection();
}

/**
 * The session to end so another client can get one: among `candidates`, a session that never made a
 * request first (the oldest), else the least recently used one; undefined when none is evictable.
 * A flood of bare `initialize`s therefore evicts itself before any session that is being used.
 */
export function evictionVictim(candidates: Iterable<McpHttpSession>, sameKey = false): McpHttpSession | undefined {
  let unused: McpHttpSession | undefined;
  let idle: McpHttpSession | undefined;
  for (const session of candidates) {
    if (!isEvictable(session, sameKey)) continue;
    if (session.requests === 0) {
      if (!unused || session.openedAt < unused.openedAt) unused = session;
    } else if (!idle || session.lastSeenAt < idle.lastSeenAt) idle = session;
  }
  return unused ?? idle;
}
