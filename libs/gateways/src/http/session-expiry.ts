import type { ResolvedGatewaysOptions } from '../interfaces';
import type { McpHttpSession } from './mcp-http-session.interface';

/** The timeouts that end idle sessions and their stored events. */
export type SessionTimeouts = Pick<
  ResolvedGatewaysOptions,
  'sessionIdleTimeoutMs' | 'unusedSessionTimeoutMs' | 'eventStoreTtlMs'
>;

/**
 * Whether a session is over: never while a request runs in it or a client listens on one of its
 * streams; a session that never made a request goes after the (shorter) unused timeout.
 */
export function isSessionExpired(session: McpHttpSession, now: number, timeouts: SessionTimeouts): boolean {
  if (session.active > 0 || session.streams.hasOpenConnection()) return false;
  const unusedMs = timeouts.unusedSessionTimeoutMs ?? 0;
  if (session.requests === 0 && unusedMs > 0 && now - session.openedAt > unusedMs) return true;
  const idleMs = timeouts.sessionIdleTimeoutMs;
  return idleMs > 0 && now - session.lastSeenAt > idleMs;
}

/** How often the registry sweeps: often enough for the shortest timeout, within 1 s and 1 min. */
export function sweepEveryMs(timeouts: SessionTimeouts): number {
  const { sessionIdleTimeoutMs, unusedSessionTimeoutMs, eventStoreTtlMs } = timeouts;
  const shortest = Math.min(
    ...[sessionIdleTimeoutMs, unusedSessionTimeoutMs ?? 0, eventStoreTtlMs ?? 0].filter((ms) => ms > 0),
  );
  return Math.min(Math.max(Math.floor(shortest / 4), 1_000), 60_000);
}
