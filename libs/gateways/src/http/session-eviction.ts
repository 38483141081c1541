import type { McpHttpSession } from './mcp-http-session.interface';

/**
 * How long a session may go without its first request before it counts as abandoned (a bare
 * `initialize`): a real client makes its first request or opens its stream well within this.
 */
export const UNUSED_GRACE_MS = 5_000;

/**
 * A session that can be ended to make room: nothing running or streaming, and anonymous unless the
 * room is for its own key (a key at its cap gives up its own idle session, never another key's).
 */
export function isEvictable(session: McpHttpSession, sameKey = false): boolean {
  if (!sameKey && session.owner.keyId !== undefined) return false;
  return session.active === 0 && !session.streams.hasOpenConnection();
}

/**
 * Which sessions may go: another key's never (unless `sameKey`); with `spareYoung`, none still in its
 * first grace period; none of `spared` (on Redis: those whose stream another instance holds).
 */
export interface EvictionChoice {
  readonly sameKey?: boolean;
  readonly spareYoung?: boolean;
  readonly spared?: ReadonlySet<string>;
}

/** A session that has made no request yet but is within its grace: its client is still connecting. */
function isYoung(session: McpHttpSession, now: number): boolean {
  return session.requests === 0 && now - session.openedAt <= UNUSED_GRACE_MS;
}

/**
 * The session to end so another client can get one, among the evictable `candidates`: a session
 * abandoned after its `initialize` (no request for `UNUSED_GRACE_MS`, the oldest first), else the one
 * idle the longest. Undefined when none is evictable. A flood of bare `initialize`s therefore evicts
 * itself before any session that is being used, and a client that has just initialized is never the
 * first to go: a closed SDK client (`close()` sends no DELETE) is reclaimed instead.
 */
export function evictionVictim(
  candidates: Iterable<McpHttpSession>,
  { sameKey = false, spareYoung = false, spared }: EvictionChoice = {},
  now = Date.now(),
): McpHttpSession | undefined {
  let abandoned: McpHttpSession | undefined;
  let idle: McpHttpSession | undefined;
  for (const session of candidates) {
    if (!isEvictable(session, sameKey) || (spareYoung && isYoung(session, now)) || spared?.has(session.id)) continue;
    if (session.requests === 0 && now - session.openedAt > UNUSED_GRACE_MS) {
      if (!abandoned || session.openedAt < abandoned.openedAt) abandoned = session;
    } else if (!idle || session.lastSeenAt < idle.lastSeenAt) idle = session;
  }
  return abandoned ?? idle;
}
